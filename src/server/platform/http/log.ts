import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';

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

/** One logger setup for the server and the app it builds: no cookies, bearer tokens or URL secrets. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: {
      req: (req: FastifyRequest) => ({ method: req.method, url: redactUrl(req.url), host: req.host, remoteAddress: req.ip }),
    },
  };
}
