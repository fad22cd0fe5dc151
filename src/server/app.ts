import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError } from 'fastify';
import { createGuards } from './auth/guards';
import { createReadCache, uncached } from './cache/read-cache';
import { registerSecurityHeaders } from './http/security-headers';
import type { Clock } from './clock';
import type { Config } from './config';
import type { ChangeFeed } from './db/change-feed';
import type { Db } from './db/client';
import { databaseErrorOf, httpErrorOfDatabaseError, isDatabaseUnavailable, isOutOfSpace } from './db/errors';
import { AppError, serviceUnavailable } from './errors';
import { loggerOptions, type LoggingOptions } from './logging';
import { createMailTransport } from './mail/create-transport';
import { createDeliveryWorker, type DeliveryOptions } from './mail/deliveries';
import type { MailTransport } from './mail/transport';
import { registerAppSettingsRoutes } from './modules/app-settings/routes';
import { registerApprovalEmailRoutes } from './modules/approval-emails/routes';
import { registerAuditRoutes } from './modules/audit/routes';
import { registerDraftRoutes } from './modules/drafts/routes';
import { registerEmailLogRoutes } from './modules/sends/log-routes';
import { registerEmailTestRoutes } from './modules/email-test/routes';
import { registerFileRoutes } from './modules/files/routes';
import { createGoogleContext, type GoogleContext } from './modules/google/context';
import { registerGoogleRoutes } from './modules/google/routes';
import { createMaintenanceLock, type MaintenanceLock } from './maintenance-lock';
import { registerHealthRoutes } from './modules/health/routes';
import { createRetentionScheduler, type RetentionSchedule } from './modules/retention/scheduler';
import { registerInviteRoutes } from './modules/invites/routes';
import { registerPastSendRoutes } from './modules/sends/reuse-routes';
import { createDonorHasher } from './modules/results/donor-hash';
import { registerResultsRoutes } from './modules/results/routes';
import { registerSendRoutes } from './modules/sends/routes';
import { createReminderScheduler, type ReminderSchedule } from './modules/tracking/reminders';
import { registerReminderRoutes } from './modules/sends/reminder-routes';
import { registerTrackingRoutes } from './modules/tracking/routes';
import type { BoardLimits } from './modules/tracking/service';
import { registerVendorPageRoutes } from './modules/tracking/vendor-routes';
import { VENDOR_PAGE_PATH } from './modules/tracking/links';
import { registerSessionRoutes } from './modules/session/routes';
import { registerUserRoutes } from './modules/users/routes';
import { registerVendorSettingsRoutes } from './modules/vendor-settings/routes';
import { registerUserLimits, type UserLimits } from './modules/rate-limits/limits';
import { registerVendorRoutes } from './modules/vendors/routes';
import { registerOpenApiRoutes } from './openapi/routes';
import { createStorage } from './storage/create-storage';
import { FileStoreUnavailableError, type FileStorage } from './storage/storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's vendor reminders: `runNow()` sweeps at once (tests; the timer does it otherwise). */
    reminders: { runNow(): Promise<number> };
  }
  interface FastifyContextConfig {
    /** A GET that writes (an OAuth callback): its answer waits, as other methods' do, until its changes reach the cache. */
    writes?: boolean;
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  /**
   * The committed writes of every instance (Database.openChangeFeed), which keep the in-process read cache of sessions
   * and reference lists correct; the app closes it. Without one, every read goes to the database.
   */
  changeFeed?: ChangeFeed;
  /** Folder of the built client; not served when missing (API-only tests). */
  clientDir?: string;
  /** JSON logs (none when not given), always through the redacting serializers of logging.ts. */
  logger?: LoggingOptions;
  /** The file store; from the config (DATA_DIR/files or S3) when not given. */
  storage?: FileStorage;
  /** How mail leaves; from MAIL_TRANSPORT when not given. A given transport is the caller's to close. */
  mailTransport?: MailTransport;
  /** Delivery queue tuning (tests: a fast back-off, their own clock). */
  delivery?: DeliveryOptions;
  /** When retention looks for expired and orphaned files (tests run it by hand). */
  retention?: RetentionSchedule;
  /** When vendor reminders are swept (tests: often, or by hand). */
  reminders?: ReminderSchedule;
  /** How many open and closed deliveries the Tracking board lists, other than BOARD_LIMITS (tests: small numbers). */
  boardLimits?: BoardLimits;
  /** Per-user rate limits other than USER_LIMITS (tests: small numbers). */
  rateLimits?: Partial<UserLimits>;
  /** The Google sign-in and token pieces; from the config when not given (tests use the same one as the app). */
  google?: GoogleContext;
  /** Shared with the backup of the embedded mode, so the two never overlap. */
  maintenanceLock?: MaintenanceLock;
  /** The total size of one user's drafts other than MAX_DRAFT_BYTES_PER_USER (tests: a small one). */
  maxDraftBytes?: number;
  /** How sign-in throttling waits; a real timer unless a test records the waits instead. */
  pause?: (ms: number) => Promise<void>;
}

/** When a client may try again after the file store failed. */
const FILE_STORE_RETRY_AFTER_SECONDS = 30;

/** When a client may try again after a request reached a server that was shutting down. */
const SHUTTING_DOWN_RETRY_AFTER_SECONDS = 5;
const SHUTTING_DOWN = 'The server is restarting. Please try again in a few seconds.';
const DATABASE_UNAVAILABLE = 'The database cannot be reached right now. Please try again in a few seconds.';
const OUT_OF_SPACE =
  "The server's disk is full: nothing was saved or sent. Ask an administrator to free some space, then try again.";

/** The PostgreSQL server's port, to tell its refused connections from other servers'. */
function portOfDatabase(url: string | undefined): number | undefined {
  if (!url) return undefined;
  try {
    return Number(new URL(url).port || 5432);
  } catch {
    return undefined;
  }
}

/** Trust the nearest `hops` proxies, as a number of hops means for X-Forwarded-For. */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export async function buildApp(deps: AppDeps) {
  const app = Fastify({
    logger: deps.logger ? loggerOptions(deps.logger) : false,
    // Only a configured proxy may set the client address (X-Forwarded-For), which sign-in throttling keys on.
    trustProxy: typeof deps.config.trustProxy === 'number' ? trustHops(deps.config.trustProxy) : deps.config.trustProxy,
    // Our own answer below, with Retry-After and a message, instead of Fastify's bare one.
    return503OnClosing: false,
  });

  // While the server shuts down, a request that still arrives on an open connection is told to come back (another
  // instance, or this one restarted, will take it) before anything reads its body or the database.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (closing) {
      return reply
        .code(503)
        .headers({ 'Retry-After': String(SHUTTING_DOWN_RETRY_AFTER_SECONDS), Connection: 'close' })
        .send({ message: SHUTTING_DOWN });
    }
  });

  await app.register(fastifyCookie);
  await registerSecurityHeaders(app);

  app.decorateRequest('user', null);

  const databasePort = portOfDatabase(deps.config.databaseUrl);
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ message: error.message, ...error.extra });
    }
    if (isOutOfSpace(error)) {
      // Not passing by itself: a person must free space. Before the file store's 503, which a full disk also raises.
      request.log.error({ err: error }, 'out of disk space');
      return reply.code(507).send({ message: OUT_OF_SPACE });
    }
    if (error instanceof FileStoreUnavailableError) {
      // Not the client's doing and likely to pass (a bucket restarting, a network blip): 503, named in the log only.
      request.log.error({ err: error }, 'file store unavailable');
      return reply
        .code(503)
        .headers({ 'Retry-After': String(FILE_STORE_RETRY_AFTER_SECONDS) })
        .send({
          message: ['The file store is unavailable right now.', error.consequence, 'Please try again in a minute.']
            .filter(Boolean)
            .join(' '),
        });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({
        message:
          'The upload is too large: HTML and CSV files may be at most 10 MB each, images 5 MB, and the attachments of one message 20 MB.',
      });
    }
    const refused = httpErrorOfDatabaseError(error);
    if (refused) {
      // A value validation let through: the client's mistake, but ours to close. Never the query or its parameters.
      request.log.warn({ database: databaseErrorOf(error) }, 'the database refused a value');
      return reply.code(refused.statusCode).send({ message: refused.message });
    }
    if (isDatabaseUnavailable(error, databasePort)) {
      // Away for now (a restart, a failover, the network): the client may try again; the process carries on.
      request.log.error({ err: error }, 'the database is unavailable');
      const unavailable = serviceUnavailable(DATABASE_UNAVAILABLE);
      return reply.code(unavailable.statusCode).headers(unavailable.headers).send({ message: unavailable.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });

  registerOpenApiRoutes(app);

  const cache = deps.changeFeed ? createReadCache(deps.changeFeed) : uncached;
  // After a request that may have written, its own changes reach this instance's cache before the answer leaves, so
  // the client's next read here sees them (on PGlite they already have).
  app.addHook('onSend', async (request) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || request.routeOptions.config.writes)
      await cache.settle();
  });
  const services = { db: deps.db, clock: deps.clock, cache };
  const guards = createGuards(services);
  // Built once: the sign-in routes and the gmail transport share its token store and its in-flight refreshes.
  const google = deps.google ?? createGoogleContext(deps);
  const storage = deps.storage ?? createStorage(deps.config);
  const owned = deps.mailTransport
    ? undefined
    : createMailTransport(deps.config, { clock: deps.clock, accessTokens: google.accessTokens });
  const transport = deps.mailTransport ?? owned!.transport;
  const deliveries = createDeliveryWorker(
    { db: deps.db, clock: deps.clock, storage, transport, log: app.log },
    deps.delivery,
  );
  const mail = { ...services, config: deps.config, storage, transport, deliveries };

  registerSessionRoutes(app, { ...services, pause: deps.pause }, guards);
  registerInviteRoutes(app, services);
  registerUserRoutes(app, { ...mail, log: app.log }, guards);
  registerVendorRoutes(app, services, guards);
  registerVendorSettingsRoutes(app, services, guards);
  registerApprovalEmailRoutes(app, { ...services, approvalDomains: deps.config.approvalDomains }, guards);
  registerAuditRoutes(app, services, guards);
  registerDraftRoutes(app, { ...services, maxDraftBytes: deps.maxDraftBytes }, guards);
  registerAppSettingsRoutes(app, deps, guards);
  registerGoogleRoutes(app, { config: deps.config, google }, guards);
  registerHealthRoutes(app, { db: deps.db, storage, transport });
  registerFileRoutes(app, mail, guards);
  const limits = await registerUserLimits(app, services, deps.rateLimits);
  registerSendRoutes(app, mail, guards, limits);
  registerEmailLogRoutes(app, mail, guards);
  registerPastSendRoutes(app, { ...mail, maxDraftBytes: deps.maxDraftBytes }, guards, limits);
  registerEmailTestRoutes(app, mail, guards, limits);
  registerTrackingRoutes(
    app,
    {
      ...services,
      boardLimits: deps.boardLimits,
      followUps: { db: deps.db, storage, publicUrl: deps.config.publicUrl, deliveries },
    },
    guards,
    limits.vendorUpdates,
  );
  registerVendorPageRoutes(app, { ...services, storage }, limits.vendorPage);
  registerResultsRoutes(
    app,
    {
      ...services,
      hashDonor: createDonorHasher(deps.config.secretKey),
      maxImportBytes: deps.config.resultsMaxBytes,
    },
    guards,
  );
  if (deliveries.options.autoStart) app.addHook('onReady', async () => deliveries.start());
  const retention = createRetentionScheduler(
    {
      db: deps.db,
      clock: deps.clock,
      storage,
      retentionDays: deps.config.retentionDays,
      log: app.log,
      lock: deps.maintenanceLock ?? createMaintenanceLock(),
    },
    deps.retention,
  );
  if (retention.autoStart) app.addHook('onReady', async () => retention.start());
  const reminders = createReminderScheduler(
    {
      db: deps.db,
      clock: deps.clock,
      storage,
      publicUrl: deps.config.publicUrl,
      deliveries,
      delayMs: deps.config.vendorReminderMs,
      log: app.log,
    },
    deps.reminders,
  );
  app.decorate('reminders', { runNow: reminders.runNow });
  registerReminderRoutes(app, services, guards, limits.vendorUpdates);
  if (reminders.autoStart) app.addHook('onReady', async () => reminders.start());
  // Stop claiming before the database closes; what is pending stays in the queue for the next start.
  app.addHook('onClose', async () => {
    await reminders.stop();
    await retention.stop();
    await deliveries.stop();
    owned?.close();
    await cache.close();
  });

  const clientDir = deps.clientDir;
  const hasClient = clientDir !== undefined && existsSync(join(clientDir, 'index.html'));
  if (hasClient) {
    // Looked up per request, so a rebuild of the client is served without a restart.
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: true,
      index: 'index.html',
      cacheControl: false,
      setHeaders(response, path) {
        // Built assets carry a content hash in their names; the page itself must always be fetched fresh.
        response.header(
          'Cache-Control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    if (path.startsWith('/api/') || path === '/api' || !hasClient || request.method !== 'GET') {
      return reply.code(404).send({ message: `Not found: ${request.method} ${path}` });
    }
    // The vendor page is reached by a capability link: search engines must never list it.
    if (path === VENDOR_PAGE_PATH) reply.header('X-Robots-Tag', 'noindex, nofollow');
    // Every other page is the client's: its router shows the screen, or '404 Page Not Found'.
    return reply.type('text/html').header('Cache-Control', 'no-cache').sendFile('index.html');
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
