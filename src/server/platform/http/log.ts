import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';
import { requestIdMixin } from './request-id.js';

/**
 * Secrets that travel in addresses: password-reset and email-confirmation tokens, tus upload ids
 * (whoever holds one could read or finish another person's upload if ownership failed), and
 * pay-per-view media grants. Logs are read by more people than the database, so these never
 * reach them.
 */
const SECRET_IN_URL: [RegExp, string][] = [
  [/(\/reset-password\/)[^/?#]+/gi, '$1[redacted]'],
  [/(\/api\/uploads\/)[^/?#]+/gi, '$1[upload]'],
  // A pay-per-view media grant: for a buyer without an account it is a key to the media until it expires.
  [/(\/api\/videos\/[^/?#]+\/paid\/)(?!master\.m3u8)[^/?#]+/gi, '$1[grant]'],
  [/([?&](?:token|code|state|callbackURL)=)[^&#]*/gi, '$1[redacted]'],
];

export function redactUrl(url: string): string {
  return SECRET_IN_URL.reduce((u, [pattern, replacement]) => u.replace(pattern, replacement), url);
}

/**
 * Readable, coloured lines for a person at a terminal (`pino-pretty`); JSON lines for whatever
 * collects a production server's output.
 */
export const prettyLogs = (env: NodeJS.ProcessEnv = process.env, stdout: { isTTY?: boolean } = process.stdout): boolean =>
  !!stdout.isTTY && env.NODE_ENV !== 'production';

/** One logger setup for the server and the app it builds: no cookies, bearer tokens or URL secrets. */
export function loggerOptions(level: string, pretty = prettyLogs()): LoggerOptions {
  return {
    level,
    mixin: requestIdMixin,
    ...(pretty ? { transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } } } : {}),
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: {
      req: (req: FastifyRequest) => ({ method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip }),
    },
  };
}
