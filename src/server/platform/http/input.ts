import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

/** PostgreSQL text cannot hold NUL, and no name, title or query needs one. */
export const NUL_IN_TEXT = 'Text cannot contain NUL characters.';

const hasNul = (value: unknown, depth = 0): boolean => {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || !value || typeof value !== 'object') return false;
  // Only parsed JSON is looked into: file bodies (images, uploads) are bytes, not text.
  if (!Array.isArray(value) && Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return false;
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
};

/** The JSON inside a body kept as text (the account endpoints parse their own), when it may hold a NUL. */
function textBody(body: unknown): unknown {
  if (typeof body !== 'string' || !body.includes('\\u0000')) return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Refuses a NUL character anywhere in a request's path, query or JSON body with a 400, before any
 * route sees it: the database would otherwise fail on it deep inside a query (a 500).
 */
export function registerInputChecks(app: FastifyInstance): void {
  // Callback hooks: an async one costs every request a promise and a turn of the microtask queue.
  app.addHook('onRequest', (req, _reply, done) => {
    if (/%00/i.test(req.url) || req.url.includes('\u0000')) return done(new HttpError(400, 'invalid_text', NUL_IN_TEXT));
    done();
  });
  app.addHook('preValidation', (req, _reply, done) => {
    if (hasNul(req.body) || hasNul(textBody(req.body))) return done(new HttpError(400, 'invalid_text', NUL_IN_TEXT));
    done();
  });
}
