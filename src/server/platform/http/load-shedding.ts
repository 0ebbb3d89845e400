import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '../../../shared/platform/errors.js';
import type { Config } from '../config.js';

/** How long a refused client is asked to wait, in seconds. */
export const SHED_RETRY_AFTER_SECONDS = 10;
export const OVERLOADED: ApiErrorBody = { code: 'overloaded', message: 'Glint is very busy right now. Please try again in a few seconds.' };

/**
 * Under `/api/`, what keeps answering under pressure: the liveness and readiness checks (a load
 * balancer that saw them fail would take the instance out and move its load to the others), live
 * ingest (a broadcast cut is lost for good) and pay-per-view HLS (a player mid-video). Everything
 * outside `/api/` (the pages, `/media`, `/live`, `/metrics`) is never shed.
 */
const NEVER_SHED = new Set(['/api/health', '/api/ready', '/api/live/ingest', '/api/videos/:id/paid/master.m3u8', '/api/videos/:id/paid/:grant/*']);

export const shedsUnderPressure = (req: FastifyRequest): boolean => req.url.startsWith('/api/') && !NEVER_SHED.has(req.routeOptions.url ?? '');

/**
 * Load shedding: while the event loop lags or memory is past its limit, API requests get 503
 * with `Retry-After` at once instead of queueing until every request times out.
 */
export async function registerLoadShedding(app: FastifyInstance, limits: Config['loadShedding']): Promise<void> {
  const { maxEventLoopDelayMs, maxHeapBytes, maxRssBytes } = limits;
  if (!maxEventLoopDelayMs && !maxHeapBytes && !maxRssBytes) return;
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    maxHeapUsedBytes: maxHeapBytes,
    maxRssBytes,
    sampleInterval: 500,
    pressureHandler: (req, reply, type, value) => {
      if (!shedsUnderPressure(req)) return;
      // Debug only: a line per refusal would add to the load it sheds (the 503s show in /metrics).
      req.log.debug({ pressure: type, value }, 'load shedding: request refused');
      void reply.status(503).header('Retry-After', SHED_RETRY_AFTER_SECONDS);
      // under-pressure sends what the handler returns and stops the request there.
      return OVERLOADED as unknown as void;
    },
  });
}
