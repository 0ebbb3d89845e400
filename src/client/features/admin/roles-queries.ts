import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, AppRole, AuditPage, RoleChangeInput, RoleHolder } from '../../../shared/roles/roles';
import { refreshAfterAccountChange, useSession } from '../auth/session';
import { api, apiPath } from '../../lib/api';

export const rolesKeys = {
  all: ['admin-roles'] as const,
  holders: () => [...rolesKeys.all, 'holders'] as const,
  users: (q: string) => [...rolesKeys.all, 'users', q] as const,
  audit: (f: AuditFilters) => ['admin-audit', f] as const,
};

export function useRoleHolders() {
  return useQuery({ queryKey: rolesKeys.holders(), queryFn: ({ signal }) => api<RoleHolder[]>('/api/admin/roles', { signal }) });
}

/** The admins' people search, asked once there are two characters. */
export function useAdminUserSearch(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: rolesKeys.users(text.toLowerCase()),
    queryFn: ({ signal }) => api<AdminUser[]>(apiPath('/api/admin/users', { q: text }), { signal }),
    enabled: text.replace(/^@/, '').length >= 2,
    placeholderData: (previous) => previous,
  });
}

/** Grant or revoke; your own change (stepping down) also changes your session and menu. */
export function useRoleChange(kind: 'grant' | 'revoke') {
  const qc = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: (input: RoleChangeInput) => api<{ userId: string; roles: AppRole[] }>(`/api/admin/roles/${kind}`, { method: 'POST', json: input }),
    onSuccess: async (result) => {
      void qc.invalidateQueries({ queryKey: rolesKeys.all });
      void qc.invalidateQueries({ queryKey: ['admin-audit'] });
      if (result.userId === user?.id) await refreshAfterAccountChange(qc);
    },
  });
}

export interface AuditFilters {
  actor?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  since?: string | undefined;
}

/** The audit log, newest first, a page of 50 at a time ("Load more" goes back in time). */
export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: rolesKeys.audit(filters),
    queryFn: ({ signal, pageParam }) =>
      api<AuditPage>(apiPath('/api/admin/audit', { ...filters, before: pageParam ? String(pageParam) : undefined }), { signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}
