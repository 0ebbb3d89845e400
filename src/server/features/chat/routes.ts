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
  RestrictedChattersSchema,
} from '../../../shared/chat/chat.js';
import { userSession } from '../../access/guards.js';
import { registerChatRestrictions, registerModerationAdapter } from '../moderation/service.js';
import { chatMessageModeration, chatRestrictionsModeration } from './moderation.js';
import { deleteChatMessage, liftRestriction, listChat, listRestrictions, postChat, restrictChatter } from './service.js';

/** A live stream's chat: history, posting, and moderation by the creator and platform moderators. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const messageGone = (streamId: string, messageId: string) => app.realtime.publishToStream(streamId, 'stream.chat.deleted', { streamId, messageId });
  registerModerationAdapter(app.moderationRegistry, chatMessageModeration(messageGone));
  registerChatRestrictions(app.moderationRegistry, chatRestrictionsModeration);

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
      const message = await postChat(app.db, req.params.id, s.user.id, req.body.body);
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
