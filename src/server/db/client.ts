import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The one database handle every service takes, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Subscribes to a NOTIFY channel; resolves to an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Raw SQL for the job library: with values one statement, without them possibly several, whose
   * rows all come back, in order.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number }>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** `drizzle/` at the package root, found from this file in `src/` and in `dist/` alike. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'drizzle'))) {
      return path.join(dir, 'drizzle');
    }
    const up = path.dirname(dir);
    if (up === dir) throw new Error('Cannot find the drizzle/ migrations folder');
    dir = up;
  }
}

export interface OpenOptions {
  /** PostgreSQL URL; without it PGlite is used. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files; `memory://` keeps it in memory (tests). */
  pgliteDir: string;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const folder = migrationsFolder();
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection the server closes (restart, failover, a dropped database) is an 'error'
    // event; unhandled it would end the process. The pool discards that client and opens
    // another on the next query, and queries in flight report their own errors.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      async listen(channel, onPayload) {
        // LISTEN needs a connection of its own for as long as it listens.
        const client = new pg.Client({ connectionString: opts.databaseUrl });
        await client.connect();
        client.on('notification', (n) => {
          if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
        });
        client.on('error', () => {});
        await client.query(`listen "${channel.replace(/"/g, '')}"`);
        return async () => {
          await client.end().catch(() => {});
        };
      },
      async executeSql(text, values) {
        const res = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[];
        const all = Array.isArray(res) ? res : [res];
        return { rows: all.flatMap((r) => r.rows ?? []), rowCount: all.reduce((n, r) => n + (r.rowCount ?? 0), 0) };
      },
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder: folder }),
      close: () => pool.end(),
    };
  }
  const release = opts.pgliteDir === 'memory://' ? () => {} : holdFolder(opts.pgliteDir);
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(opts.pgliteDir === 'memory://' ? {} : { dataDir: opts.pgliteDir }),
      extensions: { pg_trgm },
    });
  } catch (err) {
    release();
    throw err;
  }
  const pgliteDb = drizzlePglite(client, { schema });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    async listen(channel, onPayload) {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        await unlisten().catch(() => {});
      };
    },
    async executeSql(text, values) {
      if (values?.length) {
        const r = await client.query(text, values);
        return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
      }
      const all = await client.exec(text);
      return { rows: all.flatMap((r) => r.rows), rowCount: all.reduce((n, r) => n + (r.affectedRows ?? 0), 0) };
    },
    migrate: () => migratePglite(pgliteDb, { migrationsFolder: folder }),
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

export class DatabaseInUseError extends Error {}

/**
 * The embedded database is one process's: a second one writing the same folder (a second server,
 * `npm run admin:grant` while Glint runs) would corrupt it. The folder is held with a lock file
 * beside it naming the process; a lock whose process is gone is taken over. Gives the release.
 */
function holdFolder(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lock = `${path.resolve(dir)}.lock`;
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw err;
      const holder = Number(fs.readFileSync(lock, 'utf8').trim());
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new DatabaseInUseError(
          `The embedded database in ${dir} is in use by process ${holder} (a running Glint?). Stop it first, or delete ${lock} if that process is not Glint.`,
        );
      }
      // Stale (its process is gone) or our own: take it over.
      fs.rmSync(lock, { force: true });
    }
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    try {
      if (fs.readFileSync(lock, 'utf8').trim() === String(process.pid)) fs.rmSync(lock, { force: true });
    } catch {
      // already gone
    }
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Round-trips to the database; used by the health check. */
export async function pingDatabase(db: Db): Promise<number> {
  const started = performance.now();
  await db.execute(sql`select 1`);
  return Math.round((performance.now() - started) * 100) / 100;
}
