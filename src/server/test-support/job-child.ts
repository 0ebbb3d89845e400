// A worker process for the kill test of the job library: it opens the database named on its
// command line, sends one job, starts it, says so on stdout, and then hangs until it is killed.
import pino from 'pino';
import { openDatabase } from '../platform/db/client.js';
import { startJobs } from '../platform/jobs/jobs.js';

const [target] = process.argv.slice(2);
if (!target) throw new Error('usage: job-child <postgres-url | pglite-folder>');
const database = await openDatabase(target.startsWith('postgres') ? { databaseUrl: target, pgliteDir: 'memory://' } : { pgliteDir: target });
const jobs = await startJobs(database, pino({ level: 'silent' }), { pollSeconds: 0.5 });
await jobs.define('kill-test', {
  heartbeatSeconds: 10,
  handler: async (data) => {
    process.stdout.write(`started ${String(data.n)}\n`);
    await new Promise(() => {});
  },
});
await jobs.send('kill-test', { n: 1 });
await jobs.work(1);
