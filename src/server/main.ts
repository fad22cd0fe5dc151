import { join } from 'node:path';
import { buildApp } from './app';
import { systemClock } from './clock';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock';
import { ensureAdmins } from './modules/users/service';
import { clientDir } from './paths';
import { resolveSecretKey } from './secret';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
config.secretKey = resolveSecretKey(config.secretKey, config.dataDir);

function lockEmbeddedData(): () => void {
  if (config.databaseUrl) return () => {};
  try {
    return lockDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
const releaseDataDir = lockEmbeddedData();

const database = await openDatabase(
  config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: join(config.dataDir, 'db') },
);
await ensureAdmins({ db: database.db, clock: systemClock }, config.adminEmails);

const app = await buildApp({
  config,
  db: database.db,
  clock: systemClock,
  clientDir,
  logger: { level: config.logLevel },
});

let closing = false;
async function close(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  releaseDataDir();
  process.exit(0);
}
process.on('SIGINT', () => void close('SIGINT'));
process.on('SIGTERM', () => void close('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Dispatch is running on ${config.publicUrl} (${database.kind} database)`);
