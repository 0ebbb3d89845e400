import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Creator } from '../../../shared/profiles/creator';
import type { PublicProfile } from '../../../shared/profiles/profiles';
import { sessionKeys, useSession } from '../auth/session';
import { homeKeys } from '../home/queries';
import { IMAGE_TYPES, imageFileProblem } from '../../../shared/media/images';
import { api, ApiError } from '../../lib/api';

export const profileKeys = {
  all: ['profiles'] as const,
  own: () => [...profileKeys.all, '@me'] as const,
  detail: (username: string) => [...profileKeys.all, username.toLowerCase()] as const,
  follows: (username: string, which: FollowListKind) => [...profileKeys.all, username.toLowerCase(), which] as const,
};

export type FollowListKind = 'followers' | 'following';

/** What following or unfollowing answers: the followed person's counts and the viewer's state. */
export interface FollowState {
  followers: number;
  following: number;
  followedByMe: boolean;
}

export function useProfile(username: string, enabled = true) {
  return useQuery({
    enabled: enabled && username.length > 0,
    queryKey: profileKeys.detail(username),
    queryFn: ({ signal }) => api<PublicProfile>(`/api/profiles/${encodeURIComponent(username)}`, { signal }),
  });
}

/** Who follows `username`, or whom they follow; asked only while shown. */
export function useFollowList(username: string, which: FollowListKind, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: profileKeys.follows(username, which),
    queryFn: ({ signal }) => api<Creator[]>(`/api/profiles/${encodeURIComponent(username)}/${which}`, { signal }),
  });
}

/**
 * Follow (`follow: true`) or unfollow `username`. Optimistic: the profile's button and follower
 * count change at once and go back if the server refuses. A guest gets a 401, which the caller
 * turns into the sign-in dialog.
 */
export function useFollowMutation(username: string) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const key = profileKeys.detail(username);
  return useMutation({
    mutationFn: (follow: boolean) =>
      api<FollowState>(`/api/profiles/${encodeURIComponent(username)}/follow`, follow ? { method: 'PUT', json: {} } : { method: 'DELETE' }),
    onMutate: async (follow) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<PublicProfile>(key);
      if (previous && previous.followedByMe !== follow) {
        queryClient.setQueryData<PublicProfile>(key, {
          ...previous,
          followedByMe: follow,
          followers: Math.max(0, previous.followers + (follow ? 1 : -1)),
        });
      }
      return { previous };
    },
    onError: (_error, _follow, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (state) => {
      queryClient.setQueryData<PublicProfile>(key, (p) => (p ? { ...p, ...state } : p));
    },
    onSettled: () => {
      // Lists and counts that include this follow: theirs, the viewer's own, and home's Following row.
      void queryClient.invalidateQueries({ queryKey: profileKeys.follows(username, 'followers') });
      if (user) {
        void queryClient.invalidateQueries({ queryKey: profileKeys.detail(user.username), exact: true });
        void queryClient.invalidateQueries({ queryKey: profileKeys.follows(user.username, 'following') });
      }
      void queryClient.invalidateQueries({ queryKey: homeKeys.all });
    },
  });
}

export interface ProfileEdit {
  displayName?: string;
  bio?: string;
  links?: string[];
  allowClips?: boolean;
}

/** `GET /api/profile`: the signed-in person's own profile and settings (confirmed accounts). */
export interface OwnProfile {
  id: string;
  username: string;
  displayName: string;
  bio: string;
  allowClips: boolean;
}

export function useOwnProfile(enabled = true) {
  return useQuery({ enabled, queryKey: profileKeys.own(), queryFn: ({ signal }) => api<OwnProfile>('/api/profile', { signal }) });
}

/** `PATCH /api/profile`: the own profile's display name, bio and links, and the "Clips" setting. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: (edit: ProfileEdit) => api<Required<ProfileEdit>>('/api/profile', { method: 'PATCH', json: edit }),
    onSuccess: (saved) => {
      if (user) queryClient.setQueryData<PublicProfile>(profileKeys.detail(user.username), (p) => (p ? { ...p, ...saved } : p));
      queryClient.setQueryData<OwnProfile>(profileKeys.own(), (p) => (p ? { ...p, ...saved } : p));
      // The header and menu show the display name from the session.
      void queryClient.invalidateQueries({ queryKey: sessionKeys.current });
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}

export type ProfileImageKind = 'avatar' | 'banner';

/** Images the server takes for an avatar or banner. */
export const PROFILE_IMAGE_TYPES = IMAGE_TYPES;

/** The reason `file` cannot be an avatar or banner, checked before uploading; undefined when fine. */
export const profileImageProblem = (file: Pick<File, 'type' | 'size'>): string | undefined => imageFileProblem(file);

/** Uploads a new avatar or banner: the raw file as the body, as `POST /api/profile/{kind}` takes it. */
export function useUploadProfileImage(kind: ProfileImageKind) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: async (file: File) => {
      const problem = profileImageProblem(file);
      if (problem) throw new ApiError(415, { code: 'not_an_image', message: problem });
      return api<{ url: string }>(`/api/profile/${kind}`, { method: 'POST', body: file, headers: { 'Content-Type': file.type } });
    },
    onSuccess: ({ url }) => {
      if (user) {
        queryClient.setQueryData<PublicProfile>(profileKeys.detail(user.username), (p) =>
          p ? { ...p, ...(kind === 'avatar' ? { avatarUrl: url } : { bannerUrl: url }) } : p,
        );
      }
      void queryClient.invalidateQueries({ queryKey: sessionKeys.current });
    },
  });
}
