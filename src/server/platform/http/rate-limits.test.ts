import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { rateLimits } from '../db/schema.js';
import { createTestDatabase } from '../../test-support/app.js';
import { countRequest, sweepRateLimits } from './rate-limits.js';

describe('rate limit counts in the database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('counts requests arriving together exactly once each', async () => {
    const results = await Promise.all(Array.from({ length: 40 }, () => countRequest(database.db, 'test:together', 60_000)));
    expect(results.map((r) => r.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    for (const r of results) expect(r.ttl).toBeGreaterThan(55_000);
  });

  it('starts a new window at 1 once the last one ended, and sweeps ended windows away', async () => {
    await countRequest(database.db, 'test:ended', 60_000);
    await countRequest(database.db, 'test:ended', 60_000);
    await countRequest(database.db, 'test:open', 60_000);
    await database.db
      .update(rateLimits)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, 'test:ended'));
    expect(await countRequest(database.db, 'test:ended', 60_000)).toMatchObject({ current: 1 });

    await database.db
      .update(rateLimits)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, 'test:ended'));
    expect(await sweepRateLimits(database.db)).toBe(1);
    const left = await database.db.select({ key: rateLimits.key, count: rateLimits.count }).from(rateLimits);
    expect(left).toContainEqual({ key: 'test:open', count: 1 });
    expect(left.map((r) => r.key)).not.toContain('test:ended');
  });
});
