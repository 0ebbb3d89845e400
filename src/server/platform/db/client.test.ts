import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.js';

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
});
