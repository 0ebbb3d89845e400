import { removedMessage } from '../../../shared/moderation/moderation.js';
import { LIVESTREAM_CONTENT_TYPE } from '../../../shared/platform/product.js';
import { paths } from '../../../shared/platform/routes.js';
import { livestreams } from './schema.js';
import type { Storage } from '../../platform/storage/storage.js';
import { findProfileById } from '../../access/creator.js';
import { listTakenDown, searchByText, type ModerationAdapter } from '../moderation/service.js';
import { getVideo } from '../videos/service.js';
import { getStreamRow, setStreamTakenDown } from './service.js';

/** Streams (and their replays) as moderation finds, searches, removes and restores them. */
export function streamModeration(storage: Storage, live: { stop(which: { streamId: string }, reason: string): unknown }): ModerationAdapter {
  return {
    kind: 'stream',
    async find(db, id) {
      const s = await getStreamRow(db, id);
      if (!s) return undefined;
      const owner = await findProfileById(db, s.ownerId);
      const replay = s.recordingVideoId ? await getVideo(db, s.recordingVideoId) : undefined;
      const hlsUrl = s.status === 'live' && s.publishing ? s.hlsPath : replay?.hlsKey ? storage.url(replay.hlsKey) : null;
      return {
        ownerId: s.ownerId,
        removedAt: s.takenDownAt,
        visible: !s.takenDownAt,
        name: `stream “${s.title}”`,
        link: { contentId: s.id, contentType: LIVESTREAM_CONTENT_TYPE },
        view: {
          kind: s.status,
          title: s.title,
          text: s.description,
          thumbnailUrl: s.thumbnailUrl,
          hlsUrl,
          href: paths.stream({ id: s.id, username: owner?.username, title: s.title }),
          context: null,
          createdAt: s.createdAt.toISOString(),
        },
      };
    },
    search: searchByText(livestreams, livestreams.title),
    takedown: {
      set: (db, id, at) => setStreamTakenDown(db, id, at),
      listRemoved: listTakenDown(livestreams),
      // A removed stream stops broadcasting at once on this instance (others find it on their sweep).
      afterRemove: async (_db, id) => {
        live.stop({ streamId: id }, removedMessage('stream'));
      },
    },
  };
}
