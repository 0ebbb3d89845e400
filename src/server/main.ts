import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './platform/config.js';
import { DatabaseInUseError, openDatabase } from './platform/db/client.js';
import { loggerOptions } from './platform/http/log.js';
import { seedIfEmpty } from './seed/seed.js';

async function start(config: Config) {
  const logger = pino(loggerOptions(config.logLevel));
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
  await database.migrate();
  logger.info({ database: database.kind }, 'migrations applied');
  const app = await buildApp({ config, database, logger });
  // Demo media is made by background jobs, so seeding comes once the app's job queues exist.
  if (config.seed === 'demo' && (await seedIfEmpty(database.db, app.jobs, { paidDemo: config.solana.cluster !== 'mainnet-beta' })))
    logger.info('new database: demo content seeded');
  await app.listen({ host: config.host, port: config.port });
  logger.info(`Glint is running at ${config.publicUrl}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // The job runner waits 5 s for running jobs; a stop stuck past this is a failure.
    const force = setTimeout(() => process.exit(1), 15_000).unref();
    try {
      await app.close(); // stops accepting, lets requests in flight finish
      await database.close();
      clearTimeout(force);
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

try {
  await start(loadConfig());
} catch (err) {
  if (err instanceof ConfigError || err instanceof DatabaseInUseError) {
    console.error(err.message);
    process.exit(78);
  }
  console.error(err);
  process.exit(1);
}
