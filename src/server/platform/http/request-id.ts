import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * One id per request, in its log lines, in its `x-request-id` answer header and in the jobs it
 * sends (their log lines carry it too), so an operator can follow one click from the proxy's log
 * through the server to the transcode it started.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy or client may pass as the id: short, and nothing that could forge a log line. */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's `genReqId`: the incoming id when it is a safe token, else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
}

interface RequestScope {
  reqId: string;
  /** Set while a job runs: log lines written outside a request's own logger then name the request. */
  inJob?: boolean;
}

const scope = new AsyncLocalStorage<RequestScope>();

/** The id of the request (or of the request that sent the job) this code runs for, if any. */
export const currentRequestId = (): string | undefined => scope.getStore()?.reqId;

/** Runs a job's work as part of the request that sent it. */
export const runForRequest = <T>(reqId: string | undefined, fn: () => Promise<T>): Promise<T> => (reqId ? scope.run({ reqId, inJob: true }, fn) : fn());

/** pino's `mixin`: a job's log lines name the request that sent it (a request's own lines already do). */
export const requestIdMixin = (): Record<string, string> => {
  const s = scope.getStore();
  return s?.inJob ? { reqId: s.reqId } : {};
};

const resourceOf = new WeakMap<FastifyRequest, AsyncResource>();

/**
 * Answers with the id and keeps it for the code the request runs. The body is read on the
 * socket's events, outside the request's async context, so the context is entered again after
 * parsing (the way @fastify/request-context does it).
 */
export function registerRequestIds(app: FastifyInstance) {
  app.addHook('onRequest', (req, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, req.id);
    scope.run({ reqId: req.id }, () => {
      const resource = new AsyncResource('glint-request');
      resourceOf.set(req, resource);
      resource.runInAsyncScope(done, req.raw);
    });
  });
  app.addHook('preValidation', (req, _reply, done) => {
    const resource = resourceOf.get(req);
    if (resource) resource.runInAsyncScope(done, req.raw);
    else done();
  });
}
