import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { verifyPassword } from 'better-auth/crypto';
import type { Config } from '../../platform/config.js';

/**
 * How account passwords are hashed. `standard` is Better Auth's own scrypt (N=16384, r=16: 32 MB
 * and about 60 ms of a core per hash), the only one a server outside the test suites uses. `light`
 * is the same scrypt at a work factor 64 times smaller, for test runs (NODE_ENV=test), which sign
 * up and sign in thousands of accounts: at the standard factor, hashing was about a third of
 * the integration tests' CPU (318 hashes in six files, docs/testing.md). A light hash is marked
 * (`light$`), so a standard server never accepts one: it cannot parse it as its own.
 */
export type PasswordHashing = Config['passwordHashing'];

const LIGHT = { N: 1024, r: 4, p: 1, keyLength: 64 } as const;
const MARK = 'light$';

function lightKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, LIGHT.keyLength, { N: LIGHT.N, r: LIGHT.r, p: LIGHT.p }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** Better Auth's `emailAndPassword.password` for a setting; undefined keeps its own (standard). */
export function passwordHasher(hashing: PasswordHashing) {
  if (hashing === 'standard') return undefined;
  return {
    async hash(password: string): Promise<string> {
      const salt = randomBytes(16).toString('hex');
      return `${MARK}${salt}:${(await lightKey(password, salt)).toString('hex')}`;
    },
    async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
      // A database a standard server made (a copy of production's, say) still signs in.
      if (!hash.startsWith(MARK)) return verifyPassword({ hash, password });
      const [salt, key] = hash.slice(MARK.length).split(':');
      if (!salt || !key) return false;
      const expected = Buffer.from(key, 'hex');
      const actual = await lightKey(password, salt);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}
