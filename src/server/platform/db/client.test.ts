import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.js';
import { pgErrorCode } from './errors.js';

const open: Database[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const d of open.splice(0)) await d.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const tables = async (database: Database) =>
  (
    (await database.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public'`)) as unknown as {
      rows: { table_name: string }[];
    }
  ).rows.map((r) => r.table_name);

describe('the embedded database', () => {
  it('starts a new folder from the migrated template, keeps what is written, and migrates nothing twice', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-db-'));
    dirs.push(dir);
    const first = await openDatabase({ pgliteDir: path.join(dir, 'db') });
    open.push(first);
    // Before migrate() runs, the schema is there: the folder came from the template.
    expect(await tables(first)).toEqual(expect.arrayContaining(['videos', 'profiles']));
    await first.migrate();
    await first.db.execute(sql`create table kept (n int)`);
    await first.db.execute(sql`insert into kept values (7)`);
    await first.close();
    open.pop();

    // Opened again, it is the same database, not a new copy of the template.
    const again = await openDatabase({ pgliteDir: path.join(dir, 'db') });
    open.push(again);
    await again.migrate();
    expect(((await again.db.execute(sql`select n from kept`)) as unknown as { rows: { n: number }[] }).rows).toEqual([{ n: 7 }]);
  });

  it('gives every in-memory database its own copy', async () => {
    const a = await openDatabase({ pgliteDir: 'memory://' });
    const b = await openDatabase({ pgliteDir: 'memory://' });
    open.push(a, b);
    await a.db.execute(sql`create table only_in_a (n int)`);
    expect(await tables(a)).toContain('only_in_a');
    expect(await tables(b)).not.toContain('only_in_a');
    expect(await tables(b)).toContain('videos');
  });

  it('runs its statements beside the server: a long one leaves the event loop free', async () => {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    open.push(database);
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const started = performance.now();
    await database.db.execute(sql`select count(*) from generate_series(1, 4000000)`);
    const took = performance.now() - started;
    loop.disable();
    // In the server's own thread the loop's longest pause was the statement's whole time.
    expect(took).toBeGreaterThan(150);
    expect(loop.max / 1e6).toBeLessThan(took / 2);
  });

  it('keeps a transaction whole: others wait for it, a failure undoes it, and errors keep their Postgres code', async () => {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    open.push(database);
    const { db } = database;
    await db.execute(sql`create table t (n int primary key)`);
    const count = async () => ((await db.execute(sql`select count(*)::int as n from t`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;

    let seenInside = -1;
    let seenOutside = -1;
    let outside: Promise<void> | undefined;
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into t values (1)`);
      // A statement from outside the transaction waits until it has committed.
      outside = count().then((n) => void (seenOutside = n));
      await new Promise((r) => setTimeout(r, 50));
      seenInside = ((await tx.execute(sql`select count(*)::int as n from t`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
      await tx.execute(sql`insert into t values (2)`);
    });
    await outside;
    expect(seenInside).toBe(1);
    expect(seenOutside).toBe(2);

    const failed = await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into t values (3)`);
        await tx.execute(sql`insert into t values (1)`);
      })
      .catch((err: unknown) => err);
    expect(pgErrorCode(failed)).toBe('23505');
    expect(await count()).toBe(2);

    // Dates stay as Postgres writes them, as Drizzle expects, and NOTIFY reaches a listener.
    const heard: string[] = [];
    const unlisten = await database.listen('glint_test', (payload) => heard.push(payload));
    await db.execute(sql`select pg_notify('glint_test', 'hello')`);
    await expect.poll(() => heard).toEqual(['hello']);
    await unlisten();
  });
});
