import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminVerificationRequestSchema,
  GrantVerificationSchema,
  MyVerificationSchema,
  VerificationReasonSchema,
  VerificationRequestInputSchema,
  VerifiedAccountSchema,
  VerifiedListQuerySchema,
} from '../../../shared/verification/verification.js';
import { userSession } from '../../access/guards.js';
import { fileRequest, grantRequest, myVerification, pendingRequests, rejectRequest, revokeBadge, verifiedAccounts, withdrawRequest } from './service.js';

const OkSchema = z.object({ ok: z.literal(true) });

/**
 * Verification (docs/product.md "Verification"): users file a request for the blue or the red
 * badge from their settings; admins grant it, reject it with a reason, or revoke a badge later.
 * The requester's open pages hear the outcome at once; settings show it any time.
 */
export const verificationRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tell = async (userId: string) => app.realtime.publish(userId, 'verification.decided', await myVerification(db, userId));

  r.get(
    '/api/verification',
    {
      config: { auth: 'user', noStore: true },
      schema: { tags: ['verification'], summary: 'Your badge and your latest verification request', response: { 200: MyVerificationSchema } },
    },
    async (req) => {
      const s = userSession(req);
      return myVerification(db, s.user.id);
    },
  );

  r.post(
    '/api/verification/requests',
    {
      config: { auth: 'verified' },
      schema: {
        tags: ['verification'],
        summary: 'Ask for the blue or the red badge, with links and a message (one pending request at a time)',
        body: VerificationRequestInputSchema,
        response: { 201: MyVerificationSchema },
      },
    },
    async (req, reply) => {
      const s = userSession(req);
      return reply.code(201).send(await fileRequest(db, s.user.id, req.body));
    },
  );

  r.post(
    '/api/verification/requests/withdraw',
    { config: { auth: 'verified' }, schema: { tags: ['verification'], summary: 'Withdraw your pending request', response: { 200: MyVerificationSchema } } },
    async (req) => {
      const s = userSession(req);
      return withdrawRequest(db, s.user.id);
    },
  );

  r.get(
    '/api/admin/verification/requests',
    {
      config: { role: 'admin', noStore: true },
      schema: {
        tags: ['admin'],
        summary: 'Pending verification requests, oldest first (admins only)',
        response: { 200: z.array(AdminVerificationRequestSchema) },
      },
    },
    async () => {
      return pendingRequests(db);
    },
  );

  /** An admin's decision on a pending request; the requester hears it. */
  const decision = <B extends z.ZodType>(
    action: string,
    summary: string,
    body: B,
    decide: (adminId: string, requestId: string, body: z.infer<B>) => Promise<{ userId: string }>,
  ) =>
    r.post(
      `/api/admin/verification/requests/:id/${action}`,
      {
        config: { role: 'admin' },
        schema: { tags: ['admin'], summary, params: z.object({ id: z.string().max(64) }), body, response: { 200: OkSchema } },
      },
      async (req) => {
        const s = userSession(req);
        // The type provider cannot narrow a generic schema; fastify validated the body against `body`.
        const { userId } = await decide(s.user.id, req.params.id, req.body as z.infer<B>);
        await tell(userId);
        return { ok: true as const };
      },
    );
  decision('grant', 'Grant the blue or the red badge on a pending request (admins only)', GrantVerificationSchema, (adminId, id, body) =>
    grantRequest(db, adminId, id, body.badge),
  );
  decision('reject', 'Reject a pending request with a reason the requester reads (admins only)', VerificationReasonSchema, (adminId, id, body) =>
    rejectRequest(db, adminId, id, body.reason),
  );

  r.get(
    '/api/admin/verification/verified',
    {
      config: { role: 'admin', noStore: true },
      schema: {
        tags: ['admin'],
        summary: 'Accounts with a badge, optionally matching a name (admins only)',
        querystring: VerifiedListQuerySchema,
        response: { 200: z.array(VerifiedAccountSchema) },
      },
    },
    async (req) => {
      return verifiedAccounts(db, req.query.q);
    },
  );

  r.post(
    '/api/admin/verification/users/:userId/revoke',
    {
      config: { role: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Take a badge away, with a reason the person reads (admins only)',
        params: z.object({ userId: z.string().max(128) }),
        body: VerificationReasonSchema,
        response: { 200: OkSchema },
      },
    },
    async (req) => {
      const s = userSession(req);
      await revokeBadge(db, s.user.id, req.params.userId, req.body.reason);
      await tell(req.params.userId);
      return { ok: true as const };
    },
  );
};
