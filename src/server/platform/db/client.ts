import crypto from 'node:crypto';
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
import { startThreadedPglite, type ThreadedPglite } from './pglite-threaded.js';

/** The one database handle every service takes, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT>;

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
    const db = drizzlePg(pool) as unknown as Db;
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
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: folder }),
      close: () => pool.end(),
    };
  }
  const release = opts.pgliteDir === 'memory://' ? () => {} : holdFolder(opts.pgliteDir);
  let client: ThreadedPglite;
  try {
    const inMemory = opts.pgliteDir === 'memory://';
    // A new database starts from the template (initialised and migrated) instead of running initdb.
    const fresh = inMemory || !fs.existsSync(path.join(opts.pgliteDir, 'PG_VERSION'));
    const template = fresh ? await pgliteTemplate(folder) : undefined;
    client = await startThreadedPglite({
      ...(inMemory ? {} : { dataDir: opts.pgliteDir }),
      ...(template ? { template } : {}),
    });
  } catch (err) {
    release();
    throw err;
  }
  const pgliteDb = drizzlePglite({ client: client as unknown as PGlite });
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
 * An empty embedded database with every migration applied, as PGlite dumps its folder (gzip tar).
 * PGlite makes a new database by running Postgres's initdb in WebAssembly, seconds even on a quick
 * machine; loading this dump instead takes a fraction of that, for a first start and for every
 * test's in-memory database. Made on first need and kept under `node_modules/.cache/glint`, named
 * by the PGlite version and the migrations' contents, so a new migration or PGlite makes a new
 * one. Without a place to keep it (a read-only install), each new database makes its own.
 */
export function pgliteTemplate(migrations: string = migrationsFolder()): Promise<Blob | undefined> {
  // Once per process: every test's database after the first takes it from memory, not from disk.
  let template = templates.get(migrations);
  if (!template) templates.set(migrations, (template = loadOrMakeTemplate(migrations)));
  return template;
}

const templates = new Map<string, Promise<Blob | undefined>>();

async function loadOrMakeTemplate(migrations: string): Promise<Blob | undefined> {
  let file: string | undefined;
  try {
    file = templateFile(migrations);
    if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  } catch {
    file = undefined; // no PGlite package.json where it is expected: made, used, not kept
  }
  let dump: Buffer<ArrayBuffer>;
  try {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    try {
      await migratePglite(drizzlePglite(client), { migrationsFolder: migrations });
      dump = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    } finally {
      await client.close();
    }
  } catch {
    return undefined;
  }
  if (file) {
    try {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      // Written aside, then renamed: processes starting together never read half a file.
      const partial = `${file}.${process.pid}.${crypto.randomUUID()}`;
      fs.writeFileSync(partial, dump);
      fs.renameSync(partial, file);
    } catch {
      // A read-only install: this database still starts from the dump just made.
    }
  }
  return new Blob([dump]);
}

/** Where the template is kept, named by the PGlite version and the migrations' contents. */
function templateFile(migrations: string): string {
  const root = path.dirname(migrations);
  const hash = crypto.createHash('sha256');
  hash.update(JSON.parse(fs.readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')).version as string);
  for (const file of fs.readdirSync(migrations, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(migrations, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return path.join(root, 'node_modules/.cache/glint', `pglite-template-${hash.digest('hex').slice(0, 16)}.tar.gz`);
}

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
