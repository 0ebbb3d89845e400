import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.js';
import { passwordHasher } from './password-hashing.js';

describe('password hashing', () => {
  it('is Better Auth’s own scrypt everywhere but in test runs', () => {
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }).passwordHashing).toBe('standard');
    expect(loadConfig({ NODE_ENV: 'development', HOST: '127.0.0.1', PUBLIC_URL: 'http://localhost:3000' }).passwordHashing).toBe('standard');
    expect(passwordHasher('standard')).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1', PUBLIC_URL: 'http://localhost:3000' }).passwordHashing).toBe('light');
  });

  it('in test runs, verifies the right password only, and still signs in a standard hash', async () => {
    const light = passwordHasher('light')!;
    const hash = await light.hash('correct horse battery');
    expect(hash).toMatch(/^light\$[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await light.hash('correct horse battery')).not.toBe(hash);
    expect(await light.verify({ hash, password: 'correct horse battery' })).toBe(true);
    expect(await light.verify({ hash, password: 'correct horse batterY' })).toBe(false);
    expect(await light.verify({ hash: 'light$nokey', password: 'correct horse battery' })).toBe(false);
    const standard = await hashPassword('correct horse battery');
    expect(await light.verify({ hash: standard, password: 'correct horse battery' })).toBe(true);
    expect(await light.verify({ hash: standard, password: 'wrong' })).toBe(false);
  });

  it('never lets a standard server accept a light hash', async () => {
    const hash = await passwordHasher('light')!.hash('correct horse battery');
    expect(await verifyPassword({ hash, password: 'correct horse battery' }).catch(() => false)).toBe(false);
  });
});
