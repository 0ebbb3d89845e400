import { useQuery } from '@tanstack/react-query';
import type { PublicProfile } from '../../shared/content';
import { api } from '../lib/api';

export const profileKeys = {
  all: ['profiles'] as const,
  detail: (username: string) => [...profileKeys.all, username.toLowerCase()] as const,
};

export function useProfile(username: string, enabled = true) {
  return useQuery({
    enabled: enabled && username.length > 0,
    queryKey: profileKeys.detail(username),
    queryFn: ({ signal }) => api<PublicProfile>(`/api/profiles/${encodeURIComponent(username)}`, { signal }),
  });
}
