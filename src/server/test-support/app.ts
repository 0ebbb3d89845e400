import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { vi } from 'vitest';
import pg from 'pg';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../platform/config.js';
import { openDatabase, type Database } from '../platform/db/client.js';
import { videos } from '../features/videos/schema.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** True when this run drives PostgreSQL (`GLINT_TEST_DB=postgres` and `DATABASE_URL` set). */
export const usingPostgres = process.env.GLINT_TEST_DB === 'postgres' && !!process.env.DATABASE_URL;

/**
 * The migrated database `npm run test:pg` makes once per run (`GLINT_TEST_PG_TEMPLATE`): copying
 * it takes a fraction of a second, migrating a new database seconds.
 */
const pgTemplate = process.env.GLINT_TEST_PG_TEMPLATE;
if (pgTemplate && !/^[a-z_][a-z0-9_]*$/.test(pgTemplate)) throw new Error(`GLINT_TEST_PG_TEMPLATE is not a database name: ${pgTemplate}`);

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default (loaded from the
 * migrated template `openDatabase` keeps), or a new database created on the PostgreSQL server of
 * `DATABASE_URL` (dropped again on close), copied from `GLINT_TEST_PG_TEMPLATE` when it is set.
 * Either way `migrate` runs and finds nothing left to apply.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  if (!usingPostgres) {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    await database.migrate();
    return database;
  }
  const admin = new URL(process.env.DATABASE_URL!);
  const name = `glint_test_${randomBytes(6).toString('hex')}`;
  const root = new pg.Client({ connectionString: admin.toString() });
  await root.connect();
  await root.query(`create database ${name}${pgTemplate ? ` template ${pgTemplate}` : ''}`);
  // A test's commits need not wait for the disk: the database is thrown away after the file, and
  // only the PostgreSQL server crashing could lose them (a killed Glint loses nothing either way).
  await root.query(`alter database ${name} set synchronous_commit = off`);
  await root.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: 'memory://' });
  await database.migrate();
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** The real app over a fresh database, driven with `app.inject` (real HTTP semantics, no socket). */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-test-'));
  // Load shedding stays off unless a test turns it on, whatever NODE_ENV it asks for: a test app in
  // development mode (a laptop's rules, say) answered 503 when a busy machine stalled its event loop.
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SEED: 'none',
    LOG_LEVEL: 'silent',
    RTMP_PORT: '-1',
    SHED_EVENT_LOOP_DELAY_MS: '0',
    SHED_HEAP_MB: '0',
    ...env,
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A cookie jar over `app.inject`, so a test talks to the API as one browser would. */
export class Client {
  cookies = new Map<string, string>();
  constructor(
    readonly app: FastifyInstance,
    readonly ip = '127.0.0.1',
  ) {}

  /** The `Cookie` header this client sends (for requests made with fetch or WebSocket). */
  get cookie(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<LightMyRequestResponse> {
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        origin: this.app.config.publicUrl,
        ...(this.cookies.size ? { cookie: this.cookie } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    const setCookie = res.headers['set-cookie'];
    for (const c of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair, ...attrs] = c.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
  get(url: string): Promise<LightMyRequestResponse> {
    return this.request('GET', url);
  }
  post(url: string, body: unknown = {}): Promise<LightMyRequestResponse> {
    return this.request('POST', url, body);
  }
}

/** A new account whose email is confirmed through the mailed link, signed in on its own client. */
export async function verifiedClient(app: FastifyInstance, username: string, password = 'Str0ng!Passw0rd') {
  const c = new Client(app);
  const email = `${username.toLowerCase()}@example.com`;
  await c.post('/api/auth/sign-up/email', { email, username, name: '', password });
  const mail = (await app.mailer.list()).find((m) => m.to === email);
  if (!mail) throw new Error(`no confirmation mail to ${email}`);
  const url = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
  await c.get(url.pathname + url.search);
  return c;
}

/** A new confirmed account signed in (`verifiedClient`), with its id and username as the API gives them. */
export async function verifiedPerson(app: FastifyInstance, username: string): Promise<{ c: Client; id: string; username: string }> {
  const c = await verifiedClient(app, username);
  const me = (await c.get('/api/me')).json();
  return { c, id: me.user.id as string, username: me.profile.username as string };
}

/** Reads until `ok` holds (polling), and gives what was read; the error says what it last saw. */
export const waitUntil = <T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, timeout = 30_000) =>
  vi.waitFor(
    async () => {
      const v = await read();
      if (!ok(v)) throw new Error(`still waiting for ${what}: ${JSON.stringify(v)}`);
      return v;
    },
    { timeout, interval: 200 },
  );

/** A ready, public video of `ownerId`, its row only (made in the database: the setup, not what is tested). */
export async function readyVideoRow(app: FastifyInstance, ownerId: string, title: string): Promise<string> {
  const [v] = await app.db
    .insert(videos)
    .values({
      ownerId,
      kind: 'long',
      title,
      slug: 'v',
      description: 'd',
      category: 'defi',
      status: 'ready',
      hlsKey: 'videos/x/hls/master.m3u8',
      publishedAt: new Date(),
    })
    .returning({ id: videos.id });
  return v!.id;
}
