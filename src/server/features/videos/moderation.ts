import { sql } from 'drizzle-orm';
import { paths } from '../../../shared/platform/routes.js';
import { videoComments, videos } from './schema.js';
import type { Storage } from '../../platform/storage/storage.js';
import { findProfileById } from '../../access/creator.js';
import { listTakenDown, postedIn, searchByText, type ModerationAdapter } from '../moderation/service.js';
import { contentTypeOfVideo } from '../notifications/service.js';
import { getVideo, setVideoTakenDown, type PaidAccess } from './service.js';
import { getCommentRow, setCommentTakenDown } from './comments.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Videos (and shorts) as moderation finds, searches, removes and restores them. */
export function videoModeration(storage: Storage, paid: Pick<PaidAccess, 'sources'>): ModerationAdapter {
  return {
    kind: 'video',
    async find(db, id, { viewerId }) {
      const v = await getVideo(db, id);
      // The owner's own delete took it away with its media: nothing is left to moderate.
      if (!v || v.status === 'removed') return undefined;
      const owner = await findProfileById(db, v.ownerId);
      const href = v.kind === 'short' ? paths.short(v.id) : paths.video({ id: v.id, username: owner?.username ?? undefined, title: v.title });
      // Moderators watch priced videos free.
      const hlsUrl = v.hlsKey ? (v.priceMicroUsdc === null ? storage.url(v.hlsKey) : paid.sources(v.id, viewerId ?? undefined).hlsUrl) : null;
      return {
        ownerId: v.ownerId,
        removedAt: v.takenDownAt,
        visible: v.status === 'ready' && !v.takenDownAt,
        name: `${v.kind === 'short' ? 'short' : 'video'} “${v.title}”`,
        link: { contentId: v.id, contentType: contentTypeOfVideo(v.kind) },
        view: {
          kind: v.kind,
          title: v.title,
          text: v.description,
          thumbnailUrl: v.thumbnailUrl,
          hlsUrl,
          href,
          context: null,
          createdAt: iso(v.createdAt),
        },
      };
    },
    search: searchByText(videos, videos.title, sql`${videos.status} <> 'removed'`),
    takedown: {
      set: (db, id, at) => setVideoTakenDown(db, id, at),
      listRemoved: listTakenDown(videos),
    },
  };
}

/** Comments on videos: shown with the video they are on, and visible only while it is. */
export const commentModeration: ModerationAdapter = {
  kind: 'comment',
  async find(db, id, lookup) {
    const c = await getCommentRow(db, id);
    if (!c) return undefined;
    const video = await lookup.find('video', c.videoId);
    return postedIn(video, c, { title: 'Comment', name: `comment on “${video?.view.title ?? 'a video'}”`, shown: !c.takenDownAt });
  },
  search: searchByText(videoComments, videoComments.body),
  takedown: {
    set: (db, id, at) => setCommentTakenDown(db, id, at),
    listRemoved: listTakenDown(videoComments),
  },
};
