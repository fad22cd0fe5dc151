import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { createGuards, type Guards } from './auth/guards';
import { createReadCache, uncached, type ReadCache } from './cache/read-cache';
import type { Clock } from './clock';
import type { Config } from './config';
import type { ChangeFeed } from './db/change-feed';
import type { Db } from './db/client';
import type { Lifecycle } from './lifecycle';
import type { LoggingOptions } from './logging';
import { createMailTransport } from './mail/create-transport';
import { createDeliveryWorker, type DeliveryOptions, type DeliveryWorker } from './mail/deliveries';
import { senderCheck } from './modules/users/sender-check';
import type { MailTransport } from './mail/transport';
import { createMaintenanceLock, type MaintenanceLock } from './maintenance-lock';
import { createGoogleContext, type GoogleContext } from './modules/google/context';
import { owedOnceResultsExist } from './modules/payouts';
import { reattributeCodes } from './modules/results';
import { registerUserLimits, type UserLimiters, type UserLimits } from './modules/rate-limits';
import type { OwedOfSends, TrackDeliveries } from './modules/sends';
import { hasVendorLink, insertTrackingRows } from './modules/tracking';
import type { ResultCodesChanged } from './modules/vendors';
import type { RetentionSchedule } from './modules/retention/scheduler';
import type { ReminderSchedule } from './modules/tracking/reminders';
import type { BoardLimits } from './modules/tracking/service';
import { createStorage } from './storage/create-storage';
import type { FileStorage } from './storage/storage';

export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  /**
   * The committed writes of every instance (Database.openChangeFeed), which keep the in-process read cache of sessions
   * and reference lists correct; the app closes it. Without one, every read goes to the database.
   */
  changeFeed?: ChangeFeed;
  /** Tests: an error code its operation does not declare answers 500 (createErrorHandler). */
  checkContract?: boolean;
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

/**
 * What every module plugin is given (as its plugin options): the side effects behind their interfaces, the shared
 * pieces built once (cache, guards, rate limiters, the delivery worker), the lifecycle its background work joins, and
 * the tuning tests pass. A module's register functions take the part of it they declare.
 */
export interface AppContext extends Pick<
  AppDeps,
  'retention' | 'reminders' | 'boardLimits' | 'maxDraftBytes' | 'pause'
> {
  config: Config;
  db: Db;
  clock: Clock;
  cache: ReadCache;
  guards: Guards;
  google: GoogleContext;
  storage: FileStorage;
  transport: MailTransport;
  deliveries: DeliveryWorker;
  limits: UserLimiters;
  maintenanceLock: MaintenanceLock;
  lifecycle: Lifecycle;
  /** Payouts' amounts owed, for the screens of the modules below it (the Deployment Log, the Tracking board). */
  owedOfSends: OwedOfSends;
  /** Results' re-attribution, for the vendor screens below it that change result codes (a UTM source, a vendor added). */
  resultCodesChanged: ResultCodesChanged;
  /** Tracking's insert of a delivery's first tracking row, for the send's transaction (the send sits below tracking). */
  trackDeliveries: TrackDeliveries;
}

/** A module: its routes (and background work) registered on an encapsulated instance from the app's context. */
export type ModulePlugin = FastifyPluginAsync<AppContext>;

/**
 * Builds the shared pieces once, on the root instance (the rate-limit plugin decorates it for every module), and
 * adds the ones that hold something open to the lifecycle: the read cache, a mail transport of our own, the worker.
 */
export async function createAppContext(app: FastifyInstance, deps: AppDeps, lifecycle: Lifecycle): Promise<AppContext> {
  const cache = deps.changeFeed ? createReadCache(deps.changeFeed) : uncached;
  lifecycle.add({ name: 'read cache', stop: () => cache.close() });
  const services = { db: deps.db, clock: deps.clock, cache };
  // Built once: the sign-in routes and the gmail transport share its token store and its in-flight refreshes.
  const google = deps.google ?? createGoogleContext(deps);
  const storage = deps.storage ?? createStorage(deps.config);
  let transport = deps.mailTransport;
  if (!transport) {
    const owned = createMailTransport(deps.config, {
      clock: deps.clock,
      accessTokens: google.accessTokens,
      log: app.log,
    });
    lifecycle.add({ name: 'mail transport', stop: () => owned.close() });
    transport = owned.transport;
  }
  const deliveries = createDeliveryWorker(
    { db: deps.db, clock: deps.clock, storage, transport, log: app.log, senderCheck },
    deps.delivery,
  );
  // Stops claiming before the database closes; what is pending stays in the queue for the next start.
  lifecycle.add({
    name: 'delivery worker',
    autoStart: deliveries.options.autoStart,
    start: () => deliveries.start(),
    stop: () => deliveries.stop(),
  });
  return {
    ...services,
    config: deps.config,
    guards: createGuards(services),
    google,
    storage,
    transport,
    deliveries,
    limits: await registerUserLimits(
      app,
      { ...services, isVendorLink: (tokenHash) => hasVendorLink(deps.db, tokenHash) },
      deps.rateLimits,
    ),
    owedOfSends: owedOnceResultsExist,
    resultCodesChanged: reattributeCodes,
    trackDeliveries: insertTrackingRows,
    maintenanceLock: deps.maintenanceLock ?? createMaintenanceLock(),
    lifecycle,
    retention: deps.retention,
    reminders: deps.reminders,
    boardLimits: deps.boardLimits,
    maxDraftBytes: deps.maxDraftBytes,
    pause: deps.pause,
  };
}
