// The PostgreSQL pass of the integration tests: runs them again against the server of
// DATABASE_URL, each test file in a database of its own. Without DATABASE_URL it says so.
//
// Only the files that open a database run again: a file that never reaches one (a pure function,
// ffmpeg's arguments, the local chain, the storage drivers) does the same work on either database,
// and the PGlite pass has run it. A file reaches a database when it names one of MARKERS (the test
// app, the helpers built on it, the database itself); the files left out are printed on every run.
// `GLINT_TEST_PG_ALL=1` runs every server test file; `npm run test:pg -- <files>` runs those, and
// options (`npm run test:pg -- --maxWorkers=2`) go to Vitest.
//
// The files' databases are copies of one migrated database made here first (the migrations run
// once per pass, not once per file) and dropped at the end: `GLINT_TEST_PG_TEMPLATE` names it to
// createTestDatabase (src/server/test-support/app.ts).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

if (!process.env.DATABASE_URL) {
  console.log('DATABASE_URL is not set: PostgreSQL pass skipped (integration tests ran on PGlite).');
  process.exit(0);
}

const MARKERS = [
  'test-support/app',
  'test-support/role-clients',
  'test-support/job-child',
  'test-support/x402',
  'createTestDatabase',
  'createTestApp',
  'openDatabase',
  'buildApp',
  'usingPostgres',
  'DATABASE_URL',
  'GLINT_TEST_DB',
];

// Files that test the embedded database itself (PGlite's folder and template), which the PGlite pass
// runs: on the PostgreSQL pass they would test PGlite a second time (20 s of one worker).
const EMBEDDED_ONLY = ['src/server/platform/db/client.test.ts'];

const testFiles = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return testFiles(p);
    return /\.test\.tsx?$/.test(e.name) ? [p] : [];
  });

// Options (`--maxWorkers=2`) go to Vitest as they are; the other arguments are files.
const args = process.argv.slice(2);
const options = args.filter((a) => a.startsWith('-'));
const named = args.filter((a) => !a.startsWith('-'));
let files = named.length ? named : ['src/server'];
if (!named.length && process.env.GLINT_TEST_PG_ALL !== '1') {
  const all = testFiles('src/server').sort();
  const reaches = (f) => {
    if (EMBEDDED_ONLY.includes(f)) return false;
    const text = fs.readFileSync(f, 'utf8');
    return MARKERS.some((m) => text.includes(m));
  };
  files = all.filter(reaches);
  const left = all.filter((f) => !reaches(f));
  console.log(
    `PostgreSQL pass: ${files.length} of ${all.length} server test files open a database; left out (no database, or the embedded one's own): ${left.join(', ') || 'none'}`,
  );
}

/** One statement on the server's maintenance database (create and drop). */
async function admin(statement) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const template = `glint_template_${randomBytes(6).toString('hex')}`;
// Ctrl-C or a SIGTERM must not leave the template behind: during the set-up it stops the pass
// after it; during the run it is passed on to Vitest (in a process group of its own, npx and all),
// which stops; the template is dropped either way.
let stopped = false;
let child;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopped = true;
    if (child) process.kill(-child.pid, signal);
  });
}
await admin(`create database ${template}`);
let status = 130;
try {
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${template}`;
  const pool = new pg.Pool({ connectionString: url.toString() });
  try {
    await migrate(drizzle(pool), { migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)) });
  } finally {
    await pool.end();
  }
  if (!stopped) {
    child = spawn('npx', ['vitest', 'run', ...options, ...files], {
      stdio: 'inherit',
      detached: true,
      env: { ...process.env, GLINT_TEST_DB: 'postgres', GLINT_TEST_PG_TEMPLATE: template },
    });
    status = await new Promise((resolve) => child.once('close', (code) => resolve(code ?? (stopped ? 130 : 1))));
  }
} finally {
  await admin(`drop database if exists ${template} with (force)`);
}
process.exit(status);
