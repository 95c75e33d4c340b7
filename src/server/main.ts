import { buildApp } from './app';
import { ConfigError, configWarnings, loadConfig } from './config';
import { openDatabase } from './db/client';
import { verifactuInstallationNumber } from './money/verifactu/verifactu-installation-number';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Regalo cannot start.\n${error.message}`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }

  const database = await openDatabase(config.database);
  await database.migrate({ installationNumber: verifactuInstallationNumber(config.publicUrl) });
  const app = await buildApp({ config, database });
  for (const warning of configWarnings(config)) app.log.warn({ setting: 'config' }, warning);

  let closing = false;
  const shutdown = async (signal: string, exitCode = 0) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // A hard deadline so a stuck request cannot keep the process alive forever.
    const deadline = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    deadline.unref();
    try {
      await app.close();
      await database.close();
      app.log.info('database closed; bye');
      process.exit(exitCode);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  // PGlite after a PANIC (its disk failed) cannot go on: health answers 503 meanwhile, and
  // the process exits (1) so its manager restarts it, once the disk is back (ADR 056).
  database.onLost((error) => {
    app.log.fatal({ err: error, dataDir: config.database.kind === 'pglite' ? config.database.dataDir : undefined }, 'the database stopped after a disk failure; exiting');
    void shutdown('database-lost', 1);
  });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: config.publicUrl, database: database.kind, storage: config.storage.driver },
    'Regalo is listening',
  );
}

main().catch((error: unknown) => {
  console.error('Regalo failed to start:', error);
  process.exit(1);
});
