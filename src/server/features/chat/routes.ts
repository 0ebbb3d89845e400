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
  ChatReplayQuerySchema,
  ChatReplaySchema,
  PinChatSchema,
  PutChatRulesSchema,
  RestrictedChattersSchema,
  ChatRulesSchema,
  ChatRulesViewSchema,
  CHAT_BALANCE_UNKNOWN,
  CHAT_HOLDERS_NEED_TOKEN,
  chatHoldersOnlyMessage,
  chatFollowersOnlyMessage,
  chatSlowModeMessage,
  CHAT_RULES_NOT_MODERATOR,
  AppointModeratorSchema,
  ChannelModeratorParamsSchema,
  ChannelModeratorSchema,
  ChannelModeratorsSchema,
} from '../../../shared/chat/chat.js';
import { findProfileById } from '../../access/creator.js';
import {
  ChannelChatFilterSchema,
  ChannelChatFilterViewSchema,
  PlatformChatFilterSchema,
  PlatformChatFilterViewSchema,
  AllowedLinksSchema,
  AllowedLinksViewSchema,
} from '../../../shared/chat/chat-filter.js';
import { decimalToUnits } from '../../../shared/payments/sol.js';
import { sessionOf, userSession } from '../../access/guards.js';
import { HttpError } from '../../platform/http/errors.js';
import type { StreamRow } from '../live/service.js';
import { getPublishedVideo } from '../videos/service.js';
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
  setChatRules,
  chatRoleOf,
  chatReplay,
  pinChatMessage,
  pinnedMessageOf,
  approveHeld,
  channelTeam,
  chatFiltersOf,
  listHeld,
  updateChatFilter,
  appointChannelModerator,
  listChannelModerators,
  removeChannelModerator,
  lastMessageAt,
  type StreamChatRules,
} from './service.js';

/** A live stream's chat: history, posting, modes, and moderation by the creator, their moderators and platform staff. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const messageGone = (streamId: string, messageId: string) => app.realtime.publishToStream(streamId, 'stream.chat.deleted', { streamId, messageId });
  registerModerationAdapter(app.moderationRegistry, chatMessageModeration(messageGone));
  registerChatRestrictions(app.moderationRegistry, chatRestrictionsModeration);

  /**
   * What the stream's chat asks of `userId`, and whether they hold its token (the "Holder" badge,
   * from the balance kept and refreshed behind the scenes, so a message never waits for the chain;
   * when the chat is holders-only, the balance is read first if it is stale). The creator and
   * platform staff are held to no mode. `refusal` says why they cannot write now, if they cannot;
   * `role`, in which right they moderate the chat, if they do.
   */
  const standing = async (stream: StreamRow, userId: string, sending: boolean) => {
    const rules = await getChatRules(app.db, stream);
    // Those who moderate the chat (its creator, their moderators, platform staff) are held to no mode.
    const role = await chatRoleOf(app.db, stream, userId);
    const exempt = role !== null;
    let amount: bigint | null = 0n;
    if (stream.tokenMint) {
      try {
        amount = await app.tokens.holding(userId, stream.tokenMint, rules.holders && !exempt ? 'now' : 'cached');
      } catch (err) {
        app.log.warn({ err: String(err), streamId: stream.id }, 'chat: a balance could not be read');
        amount = null;
      }
    }
    let refusal: HttpError | null = null;
    if (!exempt && rules.followersMinutes !== null) {
      const since = await app.followingSince(userId, stream.ownerId);
      if (!since || Date.now() - since.getTime() < rules.followersMinutes * 60_000) {
        const creator = await findProfileById(app.db, stream.ownerId);
        refusal = new HttpError(403, 'followers_only', chatFollowersOnlyMessage(creator?.displayName ?? 'the creator', rules.followersMinutes));
      }
    }
    if (!refusal && !exempt && rules.holders) {
      if (amount === null) refusal = new HttpError(503, 'balance_unknown', CHAT_BALANCE_UNKNOWN);
      else if (amount < rules.holders.units) refusal = new HttpError(403, 'holders_only', chatHoldersOnlyMessage(stream.tokenSymbol, rules.holders.minimum));
    }
    // Slow mode holds back a message being sent, not the right to chat.
    if (!refusal && sending && !exempt && rules.slowSeconds !== null) {
      const last = await lastMessageAt(app.db, stream.id, userId);
      if (last && Date.now() - last.getTime() < rules.slowSeconds * 1000) refusal = new HttpError(429, 'slow_mode', chatSlowModeMessage(rules.slowSeconds));
    }
    return { rules, role, holder: (amount ?? 0n) > 0n, refusal };
  };
  const rulesView = (stream: StreamRow, rules: StreamChatRules) => ({
    holdersOnly: rules.holders ? { minimum: rules.holders.minimum, symbol: stream.tokenSymbol } : null,
    slowSeconds: rules.slowSeconds,
    followersMinutes: rules.followersMinutes,
  });
  /** The rules as a chat reads them: with the domains anyone may link to in this channel. */
  const fullView = async (stream: StreamRow, rules: StreamChatRules) => ({
    ...rulesView(stream, rules),
    allowedDomains: (await chatFiltersOf(app.db, stream.ownerId)).allowedDomains,
    pinned: await pinnedMessageOf(app.db, stream.id),
  });

  app.get(
    '/api/streams/:id/chat/rules',
    {
      config: { auth: 'optional', noStore: true },
      schema: {
        tags: ['chat'],
        summary: 'What a stream’s chat asks of chatters (holders only, slow mode, followers only), and whether you may write',
        params: ChatStreamParamsSchema,
        response: { 200: ChatRulesViewSchema },
      },
    },
    async (req) => {
      const stream = await publicStreamOrThrow(app.db, req.params.id);
      const s = await sessionOf(req);
      if (!s) return { ...(await fullView(stream, await getChatRules(app.db, stream))), you: null };
      const { rules, role, holder, refusal } = await standing(stream, s.user.id, false);
      return { ...(await fullView(stream, rules)), you: { mayPost: !refusal, reason: refusal?.message ?? null, holder, moderates: role !== null } };
    },
  );

  app.put(
    '/api/streams/:id/chat/rules',
    {
      config: { auth: 'poster' },
      schema: {
        tags: ['chat'],
        summary:
          'Set a stream’s chat modes (its creator, their moderators, platform staff): holders only (a minimum of its token), slow mode, followers only; null turns one off',
        params: ChatStreamParamsSchema,
        body: PutChatRulesSchema,
        response: { 200: ChatRulesSchema },
      },
    },
    async (req) => {
      const s = userSession(req);
      const stream = await publicStreamOrThrow(app.db, req.params.id);
      const role = await chatRoleOf(app.db, stream, s.user.id);
      if (!role) throw new HttpError(403, 'forbidden', CHAT_RULES_NOT_MODERATOR);
      const { holdersOnly: wanted, slowSeconds, followersMinutes } = req.body;
      let holders: { mint: string; whole: string; units: bigint } | null | undefined = wanted === undefined ? undefined : null;
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
        holders = { mint: stream.tokenMint, whole: wanted.minimum, units };
      }
      const before = rulesView(stream, await getChatRules(app.db, stream));
      await setChatRules(
        app.db,
        stream.id,
        { holders, slowSeconds, followersMinutes },
        role === 'creator' ? null : { actorId: s.user.id, channelId: stream.ownerId, before },
      );
      const rules = rulesView(stream, await getChatRules(app.db, stream));
      await app.realtime.publishToStream(stream.id, 'stream.chat.rules', { streamId: stream.id, ...rules });
      return rules;
    },
  );

  app.get(
    '/api/streams/:id/chat',
    {
      config: { auth: 'optional', noStore: true },
      schema: {
        tags: ['chat'],
        summary: 'The last 50 messages of a stream’s chat, oldest first (without those of accounts you blocked)',
        params: ChatStreamParamsSchema,
        response: { 200: ChatHistorySchema },
      },
    },
    async (req) => {
      return { messages: await listChat(app.db, req.params.id, (await sessionOf(req))?.user.id) };
    },
  );

  app.post(
    '/api/streams/:id/chat',
    {
      config: { auth: 'unverified-poster' },
      schema: {
        tags: ['chat'],
        summary:
          'Send a message to a live stream’s chat (signed in; one a second, 20 in 30 s). 202: a blocked word held it for a moderator; 400: a blocked word refused it',
        params: ChatStreamParamsSchema,
        body: PostChatSchema,
        response: { 201: ChatMessageSchema, 202: ChatMessageSchema },
      },
    },
    async (req, reply) => {
      const s = userSession(req);
      const message = await postChat(app.db, req.params.id, s.user.id, req.body.body, async (stream) => {
        const { holder, role, refusal } = await standing(stream, s.user.id, true);
        if (refusal) throw refusal;
        return { holder, role };
      });
      if (message.held) {
        // Held by a blocked word: its author sees it as held; the creator and their moderators are told.
        const stream = await publicStreamOrThrow(app.db, message.streamId);
        await Promise.all((await channelTeam(app.db, stream.ownerId)).map((id) => app.realtime.publish(id, 'chat.held', message)));
        return reply.code(202).send(message);
      }
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

  app.get(
    '/api/profile/moderators',
    {
      config: { auth: 'user', noStore: true },
      schema: {
        tags: ['chat'],
        summary: 'The moderators you appointed to your chats, longest-serving first',
        response: { 200: ChannelModeratorsSchema },
      },
    },
    async (req) => ({ moderators: await listChannelModerators(app.db, userSession(req).user.id) }),
  );

  app.post(
    '/api/profile/moderators',
    {
      config: { auth: 'poster' },
      schema: {
        tags: ['chat'],
        summary: 'Appoint someone, by username, to moderate your chats (delete, time out, ban, lift, set modes in your streams only)',
        body: AppointModeratorSchema,
        response: { 201: ChannelModeratorSchema, 200: ChannelModeratorSchema },
      },
    },
    async (req, reply) => {
      const s = userSession(req);
      const { moderator, added } = await appointChannelModerator(app.db, s.user.id, req.body.username);
      if (added) {
        await app.realtime.publish(moderator.user.id, 'chat.moderator.changed', { channelId: s.user.id, moderator: true });
        const me = await findProfileById(app.db, s.user.id);
        await app.notifier.notice({
          userId: moderator.user.id,
          actorId: s.user.id,
          title: 'You are a channel moderator',
          message: `${me?.displayName ?? 'A creator'} made you a moderator of their live chats: you can delete messages, time out and ban chatters, and set chat modes there.`,
        });
      }
      return reply.code(added ? 201 : 200).send(moderator);
    },
  );

  app.delete(
    '/api/profile/moderators/:userId',
    {
      config: { auth: 'user', answers: { 204: 'They no longer moderate your chats' } },
      schema: {
        tags: ['chat'],
        summary: 'Remove one of your chats’ moderators',
        params: ChannelModeratorParamsSchema,
      },
    },
    async (req, reply) => {
      const s = userSession(req);
      if (await removeChannelModerator(app.db, s.user.id, req.params.userId))
        await app.realtime.publish(req.params.userId, 'chat.moderator.changed', { channelId: s.user.id, moderator: false });
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/streams/:id/chat/held',
    {
      config: { auth: 'user', noStore: true },
      schema: {
        tags: ['chat'],
        summary: 'Messages blocked words hold for review in a stream’s chat, oldest first (those who moderate it)',
        params: ChatStreamParamsSchema,
        response: { 200: ChatHistorySchema },
      },
    },
    async (req) => ({ messages: await listHeld(app.db, req.params.id, userSession(req).user.id) }),
  );

  app.post(
    '/api/streams/:id/chat/:messageId/approve',
    {
      config: { auth: 'user', answers: { 204: 'Approved: everyone sees it now' } },
      schema: {
        tags: ['chat'],
        summary: 'Let a held message into the chat (those who moderate it); deleting it is the other answer',
        params: ChatMessageParamsSchema,
      },
    },
    async (req, reply) => {
      const message = await approveHeld(app.db, req.params.id, req.params.messageId, userSession(req).user.id);
      if (message) await app.realtime.publishToStream(message.streamId, 'stream.chat', message);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/profile/chat-filter',
    {
      config: { auth: 'user', noStore: true },
      schema: {
        tags: ['chat'],
        summary: 'Your chats’ blocked words, and whether a match is held for review or refused',
        response: { 200: ChannelChatFilterViewSchema },
      },
    },
    async (req) => {
      const { channel, hold } = await chatFiltersOf(app.db, userSession(req).user.id);
      return { terms: channel, hold };
    },
  );

  app.put(
    '/api/profile/chat-filter',
    {
      config: { auth: 'poster' },
      schema: {
        tags: ['chat'],
        summary: 'Set your chats’ blocked words (words, or patterns with *) and whether a match is held for review or refused',
        body: ChannelChatFilterSchema,
        response: { 200: ChannelChatFilterViewSchema },
      },
    },
    async (req) => {
      const s = userSession(req);
      await updateChatFilter(app.db, s.user.id, { terms: req.body.terms, hold: req.body.hold });
      return req.body;
    },
  );

  app.get(
    '/api/admin/chat-filter',
    {
      config: { role: 'moderator', noStore: true },
      schema: {
        tags: ['chat'],
        summary: 'The platform’s blocked words, refused in every chat (moderators and admins)',
        response: { 200: PlatformChatFilterViewSchema },
      },
    },
    async () => ({ terms: (await chatFiltersOf(app.db, '')).platform }),
  );

  app.put(
    '/api/admin/chat-filter',
    {
      config: { role: 'moderator' },
      schema: {
        tags: ['chat'],
        summary: 'Set the platform’s blocked words (moderators and admins; recorded in the audit log)',
        body: PlatformChatFilterSchema,
        response: { 200: PlatformChatFilterViewSchema },
      },
    },
    async (req) => {
      await updateChatFilter(app.db, null, { terms: req.body.terms }, { actorId: userSession(req).user.id });
      return req.body;
    },
  );

  app.get(
    '/api/profile/allowed-links',
    {
      config: { auth: 'user', noStore: true },
      schema: { tags: ['chat'], summary: 'The domains anyone may link to in your chats', response: { 200: AllowedLinksViewSchema } },
    },
    async (req) => ({ domains: (await chatFiltersOf(app.db, userSession(req).user.id)).allowedDomains }),
  );

  app.put(
    '/api/profile/allowed-links',
    {
      config: { auth: 'poster' },
      schema: {
        tags: ['chat'],
        summary: 'Set the domains anyone may link to in your chats (their subdomains too); other addresses stay text',
        body: AllowedLinksSchema,
        response: { 200: AllowedLinksViewSchema },
      },
    },
    async (req) => {
      await updateChatFilter(app.db, userSession(req).user.id, { allowedDomains: req.body.domains });
      return req.body;
    },
  );

  app.put(
    '/api/streams/:id/chat/pin',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['chat'],
        summary: 'Pin a message above the stream’s chat, replacing the last (the creator, their moderators, platform staff)',
        params: ChatStreamParamsSchema,
        body: PinChatSchema,
        response: { 200: ChatMessageSchema },
      },
    },
    async (req) => {
      const message = await pinChatMessage(app.db, req.params.id, req.body.messageId, userSession(req).user.id);
      await app.realtime.publishToStream(req.params.id, 'stream.chat.pinned', { streamId: req.params.id, message });
      return message!;
    },
  );

  app.delete(
    '/api/streams/:id/chat/pin',
    {
      config: { auth: 'user', answers: { 204: 'Unpinned' } },
      schema: { tags: ['chat'], summary: 'Take the pinned message away (the creator, their moderators, platform staff)', params: ChatStreamParamsSchema },
    },
    async (req, reply) => {
      await pinChatMessage(app.db, req.params.id, null, userSession(req).user.id);
      await app.realtime.publishToStream(req.params.id, 'stream.chat.pinned', { streamId: req.params.id, message: null });
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/videos/:id/chat-replay',
    {
      config: { auth: 'optional', noStore: true },
      schema: {
        tags: ['chat'],
        summary: 'A stream replay’s chat around a position (seconds): each message with where in the replay it was sent',
        params: ChatStreamParamsSchema,
        querystring: ChatReplayQuerySchema,
        response: { 200: ChatReplaySchema },
      },
    },
    async (req) => {
      const viewerId = (await sessionOf(req))?.user.id;
      // Whoever may watch the video may read its chat (a private replay is its owner's).
      await getPublishedVideo(app.db, req.params.id, viewerId);
      return chatReplay(app.db, req.params.id, req.query.at, viewerId);
    },
  );
};
