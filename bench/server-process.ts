// Glint as it runs in production, for the benchmarks that watch a whole process (its memory, its
// start): the built server (`npm run build` first) in a child process on a fresh DATA_DIR.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../src/server/test-support/net.js';

export const SERVER_ENTRY = path.resolve('dist/server/src/server/main.js');

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  dataDir: string;
  /** When the process was spawned (performance.now()). */
  spawnedAt: number;
  /** Resident memory of the server process, in MB (from /proc). */
  rssMb(): number;
  /** A new account, confirmed through the mail in the outbox and signed in: its cookie header. */
  account(username: string): Promise<string>;
  stop(): Promise<void>;
}

/** Spawns the built server; resolves once it is spawned (not yet listening: see `waitForHealth`). */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-bench-proc-'));
  const port = await freePort();
  // TLS_CERT_FILE in `env`: HTTPS (and HTTP/2), as a server that others reach runs.
  const base = `${env.TLS_CERT_FILE ? 'https' : 'http'}://127.0.0.1:${port}`;
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RTMP_PORT: '-1',
      // The embedded database unless a benchmark says otherwise.
      DATABASE_URL: undefined,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  // Never left behind when the benchmark itself is stopped.
  const reap = () => child.kill('SIGKILL');
  process.once('exit', reap);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
  return {
    child,
    base,
    dataDir,
    spawnedAt,
    rssMb() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
    },
    async account(username) {
      const jar = new Map<string, string>();
      const call = async (method: string, url: string, body?: unknown) => {
        const res = await fetch(base + url, {
          method,
          redirect: 'manual',
          headers: { 'content-type': 'application/json', origin: base, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
          body: body ? JSON.stringify(body) : undefined,
        });
        for (const c of res.headers.getSetCookie()) {
          const [pair] = c.split(';');
          const eq = pair!.indexOf('=');
          jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
        }
        await res.arrayBuffer();
        return res;
      };
      const email = `${username}@example.com`;
      const signUp = await call('POST', '/api/auth/sign-up/email', { email, username, name: '', password: 'Str0ng!Passw0rd' });
      if (!signUp.ok) throw new Error(`sign-up of ${username}: ${signUp.status}`);
      const outbox = path.join(dataDir, 'outbox');
      const readMail = () => {
        for (const f of fs.readdirSync(outbox)) {
          try {
            const m = JSON.parse(fs.readFileSync(path.join(outbox, f), 'utf8')) as { to: string; text: string };
            if (m.to === email) return m;
          } catch {
            // another account's mail, still being written
          }
        }
        return undefined;
      };
      let mail = readMail();
      for (let i = 0; i < 100 && !mail; i++) {
        await new Promise((r) => setTimeout(r, 100));
        mail = readMail();
      }
      if (!mail) throw new Error(`no confirmation mail for ${email}`);
      const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
      await call('GET', link.pathname + link.search);
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(force);
      process.off('exit', reap);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** GETs `url`: its status and body. Over https, `ca` is the certificate trusted (a test server's own). */
export async function getText(url: string, ca?: Buffer): Promise<{ status: number; body: string }> {
  if (!url.startsWith('https:')) {
    const res = await fetch(url);
    return { status: res.status, body: await res.text() };
  }
  return new Promise((resolve, reject) => {
    https
      .get(url, { ca }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      })
      .on('error', reject);
  });
}

/** Polls `url` until it answers 200; the time it did, from `since`. */
export async function waitFor200(url: string, since: number, timeoutMs = 120_000, ca?: Buffer): Promise<number> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await getText(url, ca)).status === 200) return performance.now() - since;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Runs `fn` over `items`, `concurrency` at a time. */
export async function inBatches<T, R>(items: T[], concurrency: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}
