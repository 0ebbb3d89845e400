// The PostgreSQL pass of the integration tests: runs them again against the server of
// DATABASE_URL, each test file in a database of its own. Without DATABASE_URL it says so.
//
// Only the files that open a database run again: a file that never reaches one (a pure function,
// ffmpeg's arguments, the local chain, the storage drivers) does the same work on either database,
// and the PGlite pass has run it. A file reaches a database when it names one of MARKERS (the test
// app, the helpers built on it, the database itself); the files left out are printed on every run.
// `GLINT_TEST_PG_ALL=1` runs every server test file.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

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

const testFiles = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return testFiles(p);
    return /\.test\.tsx?$/.test(e.name) ? [p] : [];
  });

let files = ['src/server'];
if (process.env.GLINT_TEST_PG_ALL !== '1') {
  const all = testFiles('src/server').sort();
  const reaches = (f) => {
    const text = fs.readFileSync(f, 'utf8');
    return MARKERS.some((m) => text.includes(m));
  };
  files = all.filter(reaches);
  const left = all.filter((f) => !reaches(f));
  console.log(`PostgreSQL pass: ${files.length} of ${all.length} server test files open a database; left out (no database): ${left.join(', ') || 'none'}`);
}
const r = spawnSync('npx', ['vitest', 'run', ...files], {
  stdio: 'inherit',
  env: { ...process.env, GLINT_TEST_DB: 'postgres' },
});
process.exit(r.status ?? 1);
