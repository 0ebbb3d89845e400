import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChatChatterParamsSchema,
  ChatHistorySchema,
  ChatMessageParamsSchema,
  ChatMessageSchema,
  ChatRestrictionSchema,
  ChatStreamParamsSchema,
  ChatTimeoutSchema,
  PostChatSchema,
  PutChatRulesSchema,
  RestrictedChattersSchema,
  ChatRulesSchema,
  ChatRulesViewSchema,
  CHAT_BALANCE_UNKNOWN,
  CHAT_HOLDERS_NEED_TOKEN,
  chatHoldersOnlyMessage,
} from '../../../shared/chat/chat.js';
import { decimalToUnits } from '../../../shared/payments/sol.js';
import { sessionOf, userSession } from '../../access/guards.js';
import { HttpError } from '../../platform/http/errors.js';
import { getOwnedStream, type StreamRow } from '../live/service.js';
import { requireToken } from '../tokens/service.js';
import { registerChatRestrictions, registerModerationAdapter } from '../moderation/service.js';
import { chatMessageModeration, chatRestrictionsModeration } from './moderation.js';
import {
  deleteChatMessage,
  getChatRules,
  liftRestriction,
  listChat,
  listRestrictions,
  postChat,
  publicStreamOrThrow,
  restrictChatter,
  setHoldersOnly,
} from './service.js';

/** A live stream's chat: history, posting, and moderation by the creator and platform moderators. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const messageGone = (streamId: string, messageId: string) => app.realtime.publishToStream(streamId, 'stream.chat.deleted', { streamId, messageId });
  registerModerationAdapter(app.moderationRegistry, chatMessageModeration(messageGone));
  registerChatRestrictions(app.moderationRegistry, chatRestrictionsModeration);

  /**
   * Whether `userId` holds the stream's token, for the "Holder" badge: from the balance kept
   * (refreshed behind the scenes), so a message never waits for the chain. When the creator made
   * the chat holders-only, the balance is read first if it is stale, and too little is refused.
   */
  const holding = async (stream: StreamRow, userId: string) => {
    const rules = await getChatRules(app.db, stream);
    const gated = !!rules && stream.ownerId !== userId;
    if (!stream.tokenMint) return { rules, gated, amount: 0n as bigint | null };
    try {
      return { rules, gated, amount: await app.tokens.holding(userId, stream.tokenMint, gated ? 'now' : 'cached') };
    } catch (err) {
      app.log.warn({ err: String(err), streamId: stream.id }, 'chat: a balance could not be read');
      return { rules, gated, amount: null };
    }
  };
  const holderGate = async (stream: StreamRow, userId: string): Promise<boolean> => {
    const { rules, gated, amount } = await holding(stream, userId);
    if (gated) {
      if (amount === null) throw new HttpError(503, 'balance_unknown', CHAT_BALANCE_UNKNOWN);
      if (amount < BigInt(rules!.holdersMinimumUnits))
        throw new HttpError(403, 'holders_only', chatHoldersOnlyMessage(stream.tokenSymbol, rules!.holdersMinimum));
    }
    return (amount ?? 0n) > 0n;
  };

  app.get(
    '/api/streams/:id/chat/rules',
    {
      config: { auth: 'optional', noStore: true },
      schema: {
        tags: ['chat'],
        summary: 'Who may write in a stream’s chat (holders of its token only, or anyone signed in), and whether you may',
        params: ChatStreamParamsSchema,
        response: { 200: ChatRulesViewSchema },
      },
    },
    async (req) => {
      const stream = await publicStreamOrThrow(app.db, req.params.id);
      const s = await sessionOf(req);
      const { rules, gated, amount } = s ? await holding(stream, s.user.id) : { rules: await getChatRules(app.db, stream), gated: false, amount: null };
      const holdersOnly = rules ? { minimum: rules.holdersMinimum, symbol: stream.tokenSymbol } : null;
      if (!s) return { holdersOnly, you: null };
      const enough = !gated || (amount !== null && amount >= BigInt(rules!.holdersMinimumUnits));
      const reason = enough ? null : amount === null ? CHAT_BALANCE_UNKNOWN : chatHoldersOnlyMessage(stream.tokenSymbol, rules!.holdersMinimum);
      return { holdersOnly, you: { mayPost: enough, reason, holder: (amount ?? 0n) > 0n } };
    },
  );

  app.put(
    '/api/streams/:id/chat/rules',
    {
      config: { auth: 'poster' },
      schema: {
        tags: ['chat'],
        summary: 'Make your stream’s chat holders-only (at least a minimum of its token), or open it to anyone again',
        params: ChatStreamParamsSchema,
        body: PutChatRulesSchema,
        response: { 200: ChatRulesSchema },
      },
    },
    async (req) => {
      const s = userSession(req);
      const stream = await getOwnedStream(app.db, req.params.id, s.user.id);
      const wanted = req.body.holdersOnly;
      let minimum: { mint: string; whole: string; units: bigint } | null = null;
      if (wanted) {
        if (!stream.tokenMint) throw new HttpError(400, 'no_token', CHAT_HOLDERS_NEED_TOKEN);
        const token = await requireToken(app.tokens, stream.tokenMint);
        let units: bigint;
        try {
          units = decimalToUnits(wanted.minimum, token.decimals);
        } catch {
          const message = `This token has ${token.decimals} decimals: use at most that many`;
          throw new HttpError(400, 'too_many_decimals', message, { 'holdersOnly.minimum': message });
        }
        minimum = { mint: stream.tokenMint, whole: wanted.minimum, units };
      }
      await setHoldersOnly(app.db, stream.id, minimum);
      const rules = { holdersOnly: minimum ? { minimum: minimum.whole, symbol: stream.tokenSymbol } : null };
      await app.realtime.publishToStream(stream.id, 'stream.chat.rules', { streamId: stream.id, ...rules });
      return rules;
    },
  );

  app.get(
    '/api/streams/:id/chat',
    {
      config: { noStore: true },
      schema: {
        tags: ['chat'],
        summary: 'The last 50 messages of a stream’s chat, oldest first',
        params: ChatStreamParamsSchema,
        response: { 200: ChatHistorySchema },
      },
    },
    async (req) => {
      return { messages: await listChat(app.db, req.params.id) };
    },
  );

  app.post(
    '/api/streams/:id/chat',
    {
      config: { auth: 'unverified-poster' },
      schema: {
        tags: ['chat'],
        summary: 'Send a message to a live stream’s chat (signed in; one a second, 20 in 30 s)',
        params: ChatStreamParamsSchema,
        body: PostChatSchema,
        response: { 201: ChatMessageSchema },
      },
    },
    async (req, reply) => {
      const s = userSession(req);
      const message = await postChat(app.db, req.params.id, s.user.id, req.body.body, (stream) => holderGate(stream, s.user.id));
      await app.realtime.publishToStream(message.streamId, 'stream.chat', message);
      return reply.code(201).send(message);
    },
  );

  app.delete(
    '/api/streams/:id/chat/:messageId',
    {
      config: { auth: 'user', answers: { 204: 'Deleted' } },
      schema: {
        tags: ['chat'],
        summary: 'Delete a chat message (the stream’s creator, moderators and admins)',
        params: ChatMessageParamsSchema,
      },
    },
    async (req, reply) => {
      const s = userSession(req);
      await deleteChatMessage(app.db, req.params.id, req.params.messageId, s.user.id);
      await app.realtime.publishToStream(req.params.id, 'stream.chat.deleted', { streamId: req.params.id, messageId: req.params.messageId });
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/streams/:id/chat/timeouts',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['chat'],
        summary: 'Time a user out of the creator’s chats for `seconds`, or ban them (`seconds` null)',
        params: ChatStreamParamsSchema,
        body: ChatTimeoutSchema,
        response: { 200: ChatRestrictionSchema },
      },
    },
    async (req) => {
      const s = userSession(req);
      const { removedMessageIds, ...restriction } = await restrictChatter(app.db, req.params.id, s.user.id, req.body);
      // A ban took the chatter's messages out of this stream's chat: open chats drop them too.
      if (removedMessageIds.length > 0)
        await app.realtime.publishToStream(req.params.id, 'stream.chat.purged', { streamId: req.params.id, userId: restriction.userId });
      return restriction;
    },
  );

  app.get(
    '/api/streams/:id/chat/restrictions',
    {
      config: { auth: 'user', noStore: true },
      schema: {
        tags: ['chat'],
        summary: 'Who is timed out or banned in the creator’s chats now (the stream’s creator, moderators and admins)',
        params: ChatStreamParamsSchema,
        response: { 200: RestrictedChattersSchema },
      },
    },
    async (req) => {
      const s = userSession(req);
      return { restrictions: await listRestrictions(app.db, req.params.id, s.user.id) };
    },
  );

  app.delete(
    '/api/streams/:id/chat/timeouts/:userId',
    {
      config: { auth: 'user', answers: { 204: 'The timeout is lifted' } },
      schema: {
        tags: ['chat'],
        summary: 'Lift a timeout or ban in the creator’s chats',
        params: ChatChatterParamsSchema,
      },
    },
    async (req, reply) => {
      const s = userSession(req);
      await liftRestriction(app.db, req.params.id, s.user.id, req.params.userId);
      return reply.code(204).send();
    },
  );
};
