import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { ApiErrorBody } from '../../../shared/platform/errors.js';
import type { Jobs } from '../jobs/jobs.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const hash = (s: string) => createHash('sha256').update(s).digest();

/**
 * Who may read `/metrics`: a scraper on this machine, or one sending the configured token. A
 * request that came through a proxy (it names a client in `X-Forwarded-For` or `Forwarded`) is not
 * local even when the proxy runs on this machine: the proxy serves the world.
 */
export function mayReadMetrics(req: FastifyRequest, token: string | undefined): boolean {
  const auth = req.headers.authorization;
  if (token && auth?.startsWith('Bearer ')) return timingSafeEqual(hash(auth.slice(7)), hash(token));
  const proxied = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
  return !proxied && LOOPBACK.has(req.socket.remoteAddress ?? '');
}

const REFUSED: ApiErrorBody = { code: 'forbidden', message: 'Metrics are served to this machine, or with the metrics token.' };

/**
 * `/metrics` in Prometheus' text format: request latency by route pattern, method and status;
 * jobs per queue and state; the process' event loop delay, memory, CPU and handles.
 */
export function registerMetrics(app: FastifyInstance, o: { token: string | undefined; jobs: () => Jobs }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'glint_' });
  const requests = new Histogram({
    name: 'glint_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status, and how long they took',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'glint_jobs',
    help: 'Background jobs per queue and state (deferred, queued, active, failed), as last counted',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const q of await o.jobs().counts()) {
        for (const state of ['deferred', 'queued', 'active', 'failed'] as const) this.set({ queue: q.queue, state }, q[state]);
      }
    },
  });

  app.addHook('onResponse', (req, reply, done) => {
    // The pattern, not the address: one series per route, never one per video id.
    const route = req.routeOptions.url ?? 'unmatched';
    requests.observe({ method: req.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!mayReadMetrics(req, o.token)) return reply.status(403).send(REFUSED);
    return reply
      .type(registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}
