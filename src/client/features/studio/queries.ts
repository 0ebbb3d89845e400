import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BulkResult, ContentPage, ContentQuery } from '../../../shared/studio/studio';
import { contentQueryParams } from '../../../shared/studio/studio-rules';
import type { Visibility } from '../../../shared/videos/video-rules';
import type { VideoDetail } from '../../../shared/videos/videos';
import { api } from '../../lib/api';
import { invalidateVideoLists, videoKeys } from '../videos/queries';

/** Query keys of the Creator Studio's reads. */
export const studioKeys = {
  all: ['studio'] as const,
  contents: () => [...studioKeys.all, 'content'] as const,
  content: (query: ContentQuery) => [...studioKeys.contents(), contentQueryParams(query).toString()] as const,
};

/** One page of the signed-in creator's content table; the previous page stays on screen while the next loads. */
export function useStudioContent(query: ContentQuery) {
  return useQuery({
    queryKey: studioKeys.content(query),
    queryFn: ({ signal }) => {
      const params = contentQueryParams(query).toString();
      return api<ContentPage>(`/api/studio/content${params ? `?${params}` : ''}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

/** What the table edits in place on a video, short or clip (the video's own edit, `PATCH /api/videos/:id`). */
export interface RowEdit {
  title?: string;
  category?: string;
  visibility?: Visibility;
}

export function useEditContentRow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, edit }: { id: string; edit: RowEdit }) => api<VideoDetail>(`/api/videos/${id}`, { method: 'PATCH', json: edit }),
    onSuccess: (video) => {
      qc.setQueryData(videoKeys.detail(video.id), video);
      invalidateVideoLists(qc);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: studioKeys.contents() }),
  });
}

export function useDeleteContentRow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/videos/${id}`, { method: 'DELETE' }),
    onSuccess: () => invalidateVideoLists(qc),
    onSettled: () => qc.invalidateQueries({ queryKey: studioKeys.contents() }),
  });
}

type BulkItem = { kind: ContentPage['items'][number]['kind']; id: string };

export function useBulkAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: { type: 'delete'; items: BulkItem[] } | { type: 'category'; items: BulkItem[]; category: string }) =>
      api<BulkResult>(`/api/studio/content/${action.type}`, {
        method: 'POST',
        json: action.type === 'delete' ? { items: action.items } : { items: action.items, category: action.category },
      }),
    onSuccess: () => invalidateVideoLists(qc),
    onSettled: () => qc.invalidateQueries({ queryKey: studioKeys.contents() }),
  });
}
