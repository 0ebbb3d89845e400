import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** True when this run drives PostgreSQL (`GLINT_TEST_DB=postgres` and `DATABASE_URL` set). */
export const usingPostgres = process.env.GLINT_TEST_DB === 'postgres' && !!process.env.DATABASE_URL;

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * created on the PostgreSQL server of `DATABASE_URL` (dropped again on close).
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
  await root.query(`create database ${name}`);
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
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '.tmp/test-data', SEED: 'none', LOG_LEVEL: 'silent', ...env });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
