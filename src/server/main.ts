import { join } from 'node:path';
import closeWithGrace from 'close-with-grace';
import { refuseUnsupportedNode } from '../../scripts/supported-node.mjs';
import { buildApp, type App } from './app';
import { startControlSocket } from './backup/control-socket';
import { takeBackup } from './backup/take-backup';
import { systemClock } from './clock';
import { ConfigError, loadConfig, type Config } from './config';
import { MigrationError, openDatabase, type Database } from './db/client';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock';
import { makeDataDirPrivate, PRIVATE_UMASK } from './data-dir';
import { createLogger } from './logger';
import { createMaintenanceLock } from './maintenance-lock';
import { issueSetupLinks } from './modules/invites/service';
import { ensureAdmins } from './modules/users/service';
import { clientDir } from './paths';
import { resolveSecretKey } from './secret';
import { describeSetup, terminalSummary } from './startup-summary';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    createLogger().fatal(`Configuration error: ${error.message}`);
    process.exit(1);
  }
}

// Run directly (`node dist/server/main.js`, `node --import tsx src/server/main.ts`) on an unsupported Node.js: one line.
refuseUnsupportedNode();
const config = readConfig();
const log = createLogger(config.logLevel);

// What is open so far; a shutdown (a signal, or an error at any point) closes what there is, in reverse order.
let app: App | undefined;
let database: Database | undefined;
let releaseDataDir = () => {};
let control: Awaited<ReturnType<typeof startControlSocket>> | undefined;

async function close() {
  // Stops accepting, finishes requests in flight, then stops the delivery worker (which finishes the messages it
  // has out, within its own time limit) before the database closes under it.
  await control?.close();
  await app?.close();
  await database?.close();
  releaseDataDir();
}

closeWithGrace(
  {
    delay: config.shutdownTimeoutMs,
    logger: false,
    onTimeout: (delay) => log.fatal({ deadlineMs: delay }, 'Shutdown deadline passed with work unfinished: exiting'),
    onSecondSignal: (signal) => log.fatal({ signal }, 'Second signal during shutdown: exiting now'),
    onSecondError: (err) => log.fatal({ err }, 'Uncaught error during shutdown: exiting now'),
  },
  async ({ signal, err }) => {
    if (err) log.fatal({ err }, 'Uncaught error: shutting down');
    else log.info({ signal }, 'Shutting down');
    await close();
    log.info('Stopped');
  },
);

/** A known reason not to start: one clear line, and exit 1. */
async function stopStarting(message: string, err?: unknown): Promise<never> {
  log.fatal(err ? { err } : {}, message);
  await close().catch(() => {});
  process.exit(1);
}

try {
  // Before anything is written: new files and folders owner-only, and what DATA_DIR already holds made so.
  process.umask(PRIVATE_UMASK);
  makeDataDirPrivate(config.dataDir);
  config.secretKey = resolveSecretKey(config.secretKey, config.dataDir);
  if (!config.databaseUrl) releaseDataDir = lockDataDir(config.dataDir);
  database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: join(config.dataDir, 'db') },
  );
  if (database.created) {
    const { durationMs, peakRssBytes } = database.created;
    log.info(
      { durationMs: Math.round(durationMs), peakRssMb: Math.round(peakRssBytes / 1024 / 1024) },
      'Created the embedded database',
    );
  }
  await ensureAdmins({ db: database.db, clock: systemClock }, config.adminEmails);
  const maintenanceLock = createMaintenanceLock();
  app = await buildApp({
    config,
    db: database.db,
    changeFeed: database.openChangeFeed(),
    clock: systemClock,
    clientDir,
    logger: { level: config.logLevel },
    maintenanceLock,
  });
  if (!config.databaseUrl) {
    const embedded = database;
    control = await startControlSocket(
      config.dataDir,
      { backup: (output) => takeBackup(embedded, config.dataDir, maintenanceLock, output) },
      app.log,
    );
  }
  // A person at a terminal reads the address and the setup links as plain lines; a log collector reads JSON lines.
  const isTerminal = config.logFormat === 'auto' && process.stdout.isTTY === true;
  // The first admin's way in: a one-time setup link in the log for each ADMIN_EMAILS address without an account.
  const setupLinks = await issueSetupLinks(
    { db: database.db, clock: systemClock, config },
    config.adminEmails,
    isTerminal ? { warn: () => {} } : log,
  );
  const address = await app.listen({ port: config.port, host: config.host });
  if (isTerminal) process.stdout.write(terminalSummary({ address, setup: describeSetup(config), setupLinks }));
  else log.info({ address, ...describeSetup(config) }, `Dispatch is running on ${config.publicUrl}`);
} catch (error) {
  if (error instanceof DataDirLockedError) await stopStarting(error.message);
  if (error instanceof MigrationError)
    await stopStarting(`${error.message}. Start-up stopped; the pending migrations were rolled back together.`, error);
  await stopStarting(`Start-up failed: ${(error as Error).message}`, error);
}
