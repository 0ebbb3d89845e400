// What the benchmarks share: the real app on a throw-away database, and signed-in accounts on it.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.js';
import { loadConfig, type Config } from '../src/server/platform/config.js';
import { openDatabase, type Database } from '../src/server/platform/db/client.js';

export interface BenchApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** A new account, its email confirmed, signed in: `call` sends its cookies. */
  account(username: string): Promise<BenchAccount>;
  close(): Promise<void>;
}

export interface BenchAccount {
  cookie(): string;
  call(method: string, url: string, body?: unknown): Promise<Response>;
}

/** Starts Glint on an in-memory database and a fresh data folder, with `env` on top of test defaults. */
export async function startBenchApp(env: Record<string, string> = {}): Promise<BenchApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-bench-'));
  const database = await openDatabase({ pgliteDir: 'memory://' });
  await database.migrate();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED: 'none', ...env });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  async function account(username: string): Promise<BenchAccount> {
    const jar: string[] = [];
    const call = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(base + url, {
        method,
        redirect: 'manual',
        headers: { 'content-type': 'application/json', origin: config.publicUrl, cookie: jar.join('; ') },
        body: body ? JSON.stringify(body) : undefined,
      });
      for (const c of res.headers.getSetCookie()) jar.push(c.split(';')[0]!);
      return res;
    };
    const email = `${username}@example.com`;
    await call('POST', '/api/auth/sign-up/email', { email, username, name: '', password: 'Str0ng!Passw0rd' });
    const mail = (await app.mailer.list()).find((m) => m.to === email)!;
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
    await call('GET', link.pathname + link.search);
    return { call, cookie: () => jar.join('; ') };
  }

  return {
    app,
    config,
    database,
    base,
    account,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
