import { chatMessages } from './schema.js';
import { listTakenDown, postedIn, searchByText, type ChatRestrictionsAdapter, type ModerationAdapter } from '../moderation/service.js';
import { getChatMessageRow, liftChannelRestriction, listAllRestrictions, setChatMessageTakenDown } from './service.js';

/**
 * Live-chat messages as moderation finds, searches, removes and restores them; `messageGone` tells
 * the stream's room that a removed message is gone.
 */
export function chatMessageModeration(messageGone: (streamId: string, messageId: string) => Promise<void>): ModerationAdapter {
  return {
    kind: 'chat_message',
    async find(db, id, lookup) {
      const m = await getChatMessageRow(db, id);
      if (!m) return undefined;
      const stream = await lookup.find('stream', m.streamId);
      return postedIn(stream, m, {
        title: 'Live-chat message',
        name: `chat message in “${stream?.view.title ?? 'a stream'}”`,
        // A message deleted by the creator (not taken down) is gone for everyone already.
        shown: !m.deletedAt,
      });
    },
    search: searchByText(chatMessages, chatMessages.body),
    takedown: {
      set: (db, id, at, byUserId) => setChatMessageTakenDown(db, id, at, byUserId),
      listRemoved: listTakenDown(chatMessages),
      afterRemove: async (db, id) => {
        const m = await getChatMessageRow(db, id);
        if (m) await messageGone(m.streamId, id);
      },
    },
  };
}

/** Creators' timeouts and bans, which platform moderators see and lift across channels. */
export const chatRestrictionsModeration: ChatRestrictionsAdapter = {
  list: async (db, limit) => (await listAllRestrictions(db, limit)).map((r) => ({ ...r, by: r.by?.id ? r.by : null })),
  lift: (db, channelId, userId) => liftChannelRestriction(db, channelId, userId),
};
