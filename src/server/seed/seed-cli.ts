// `npm run db:seed`: migrates, then seeds demo content into the configured database if it is new.
import path from 'node:path';
import { loadConfig } from '../platform/config.js';
import { openDatabase } from '../platform/db/client.js';
import pino from 'pino';
import { startJobs } from '../platform/jobs/jobs.js';
import { DEMO_SOURCE_QUEUE } from '../features/videos/demo-media.js';
import { seedIfEmpty } from './seed.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
await database.migrate();
// The demo media jobs wait in the queue for the next start of the app, which runs them.
const jobs = await startJobs(database, pino({ level: 'warn' }));
await jobs.define(DEMO_SOURCE_QUEUE, {});
const seeded = await seedIfEmpty(database.db, jobs, { paidDemo: config.solana.cluster !== 'mainnet-beta' });
await jobs.stop();
await database.close();
console.warn(seeded ? 'demo content seeded' : 'database already has content: nothing seeded');
