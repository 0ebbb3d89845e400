import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ChatHistorySchema, ChatMessageSchema, ChatRestrictionSchema, ChatTimeoutSchema, PostChatSchema } from '../../shared/chat.js';
import { requireUser } from '../auth/guards.js';
import { deleteChatMessage, liftRestriction, listChat, postChat, restrictChatter } from './service.js';

const StreamParams = z.object({ id: z.guid() });

/** A live stream's chat: history, posting, and moderation by the creator and platform moderators. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/streams/:id/chat',
    {
      schema: { tags: ['chat'], summary: 'The last 50 messages of a stream’s chat, oldest first', params: StreamParams, response: { 200: ChatHistorySchema } },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { messages: await listChat(app.db, req.params.id) };
    },
  );

  app.post(
    '/api/streams/:id/chat',
    {
      schema: {
        tags: ['chat'],
        summary: 'Send a message to a live stream’s chat (signed in; one a second, 20 in 30 s)',
        params: StreamParams,
        body: PostChatSchema,
        response: { 201: ChatMessageSchema },
      },
    },
    async (req, reply) => {
      const s = await requireUser(req);
      const message = await postChat(app.db, req.params.id, s.user.id, req.body.body);
      await app.realtime.publishToStream(message.streamId, 'stream.chat', message);
      return reply.code(201).send(message);
    },
  );

  app.delete(
    '/api/streams/:id/chat/:messageId',
    {
      schema: {
        tags: ['chat'],
        summary: 'Delete a chat message (the stream’s creator, moderators and admins)',
        params: StreamParams.extend({ messageId: z.guid() }),
      },
    },
    async (req, reply) => {
      const s = await requireUser(req);
      await deleteChatMessage(app.db, req.params.id, req.params.messageId, s.user.id);
      await app.realtime.publishToStream(req.params.id, 'stream.chat.deleted', { streamId: req.params.id, messageId: req.params.messageId });
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/streams/:id/chat/timeouts',
    {
      schema: {
        tags: ['chat'],
        summary: 'Time a user out of the creator’s chats for `seconds`, or ban them (`seconds` null)',
        params: StreamParams,
        body: ChatTimeoutSchema,
        response: { 200: ChatRestrictionSchema },
      },
    },
    async (req) => {
      const s = await requireUser(req);
      return restrictChatter(app.db, req.params.id, s.user.id, req.body);
    },
  );

  app.delete(
    '/api/streams/:id/chat/timeouts/:userId',
    {
      schema: {
        tags: ['chat'],
        summary: 'Lift a timeout or ban in the creator’s chats',
        params: StreamParams.extend({ userId: z.string().min(1).max(64) }),
      },
    },
    async (req, reply) => {
      const s = await requireUser(req);
      await liftRestriction(app.db, req.params.id, s.user.id, req.params.userId);
      return reply.code(204).send();
    },
  );
};
