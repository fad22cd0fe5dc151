import { z } from 'zod';
import { DEFAULT_REMINDER_HOURS } from '#shared/rules/reminders';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const optionalUrl = (protocols: RegExp, hint: string) =>
  optionalText.refine((value) => value === undefined || (URL.canParse(value) && protocols.test(value)), {
    message: `must be ${hint}`,
  });

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;

const httpUrl = optionalUrl(/^https?:\/\//i, 'an http(s) URL');

const environment = z.object({
  PORT: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be between 1 and 65535' })
    .max(65535, { error: 'must be between 1 and 65535' })
    .default(5000),
  HOST: optionalText.default('127.0.0.1'),
  PUBLIC_URL: httpUrl,
  DATA_DIR: optionalText.default('./data'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:\/\//i, 'a postgres:// URL'),
  S3_BUCKET: optionalText,
  S3_ENDPOINT: httpUrl,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  SECRET_KEY: optionalText.refine((value) => value === undefined || value.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  ADMIN_EMAILS: optionalText
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((emails) => emails.every((email) => z.email().safeParse(email).success), {
      message: 'must be a comma-separated list of e-mail addresses',
    }),
  MAIL_TRANSPORT: z.enum(['outbox', 'smtp', 'gmail'], { error: 'must be one of outbox, smtp, gmail' }).optional(),
  SMTP_URL: optionalUrl(/^smtps?:\/\//i, 'an smtp:// or smtps:// URL'),
  SMTP_THREADS: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be between 0 and 8' })
    .max(8, { error: 'must be between 0 and 8' })
    .default(2),
  MAIL_FROM: optionalText.refine((value) => value === undefined || z.email().safeParse(value).success, {
    message: 'must be an e-mail address',
  }),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_AUTH_URL: httpUrl.default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: httpUrl.default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: httpUrl.default('https://openidconnect.googleapis.com/v1/userinfo'),
  GMAIL_API_URL: httpUrl.default('https://gmail.googleapis.com'),
  HUB_PASSWORD: optionalText,
  APPROVAL_DOMAINS: optionalText
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
        .filter(Boolean),
    )
    .refine((domains) => domains.every((domain) => DOMAIN.test(domain)), {
      message: 'must be a comma-separated list of domains, e.g. agency.com,partner.org',
    }),
  TRUST_PROXY: optionalText
    .refine(
      (value) =>
        value === undefined || /^(true|false|\d{1,2}|[0-9a-f.:/]+(,[0-9a-f.:/]+)*)$/i.test(value.replace(/\s+/g, '')),
      {
        message: 'must be true, false, a number of proxy hops, or a comma-separated list of proxy addresses',
      },
    )
    .transform((value): boolean | number | string[] => {
      if (value === undefined || value === 'false') return false;
      if (value === 'true') return true;
      if (/^\d+$/.test(value)) return Number(value);
      return value.split(',').map((part) => part.trim());
    }),
  VENDOR_LINKS: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value),
    z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  ),
  VENDOR_REMINDER_HOURS: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce
      .number({ error: 'must be a number of hours, e.g. 24' })
      .positive({ error: 'must be more than 0 hours' })
      .max(720, { error: 'must be at most 720 hours (30 days)' })
      .default(DEFAULT_REMINDER_HOURS),
  ),
  RETENTION_DAYS: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce
      .number({ error: 'must be a number of days' })
      .int({ error: 'must be a whole number of days' })
      .min(1, { error: 'must be at least 1 day' })
      .optional(),
  ),
  SHUTDOWN_TIMEOUT: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce
      .number({ error: 'must be a number of seconds' })
      .min(1, { error: 'must be at least 1 second' })
      .max(3600, { error: 'must be at most 3600 seconds' })
      .default(30),
  ),
  RESULTS_MAX_MB: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce
      .number({ error: 'must be a number of megabytes' })
      .int({ error: 'must be a whole number of megabytes' })
      .min(1, { error: 'must be at least 1 MB' })
      .max(16_384, { error: 'must be at most 16384 MB' })
      .default(512),
  ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  // `auto`: on a terminal, the address and the setup links as plain lines (the rest JSON); `json`: JSON lines only.
  LOG_FORMAT: z.enum(['auto', 'json'], { error: 'must be auto or json' }).default('auto'),
});

export type Config = ReturnType<typeof toConfig>;

export class ConfigError extends Error {}

function toConfig(env: z.infer<typeof environment>) {
  const mailTransport = env.MAIL_TRANSPORT ?? (env.GOOGLE_CLIENT_ID ? 'gmail' : env.SMTP_URL ? 'smtp' : 'outbox');
  return {
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION ?? 'us-east-1',
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    secretKey: env.SECRET_KEY,
    adminEmails: env.ADMIN_EMAILS,
    mailTransport,
    smtpUrl: env.SMTP_URL,
    smtpThreads: env.SMTP_THREADS,
    mailFrom: env.MAIL_FROM,
    google: {
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      authUrl: env.GOOGLE_AUTH_URL,
      tokenUrl: env.GOOGLE_TOKEN_URL,
      userinfoUrl: env.GOOGLE_USERINFO_URL,
      gmailApiUrl: env.GMAIL_API_URL,
    },
    hubPassword: env.HUB_PASSWORD,
    /** Domains approval addresses must be at; empty: any address. */
    approvalDomains: env.APPROVAL_DOMAINS,
    trustProxy: env.TRUST_PROXY,
    /** Whether each vendor message carries its personal deployment page link (issue 14). */
    vendorLinks: env.VENDOR_LINKS === 'on',
    /**
     * How long a vendor has to acknowledge a message, and to report a deployment after its scheduled time, before it
     * gets its one reminder of each kind (issue 14 item 5).
     */
    vendorReminderMs: Math.round(env.VENDOR_REMINDER_HOURS * 3_600_000),
    /** Days the files of a send are kept; undefined keeps them forever. */
    retentionDays: env.RETENTION_DAYS,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT * 1000,
    /** The largest results file (issue 23) an import accepts, in bytes; past it, 413. */
    resultsMaxBytes: env.RESULTS_MAX_MB * 1024 * 1024,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
  };
}

/** Parses the environment once; a bad value throws a ConfigError whose message is one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`${String(issue.path[0])} ${issue.message}`);
  }
  const config = toConfig(parsed.data);
  if (config.mailTransport === 'smtp' && !config.smtpUrl) {
    throw new ConfigError('SMTP_URL is required when MAIL_TRANSPORT is smtp');
  }
  if (config.mailTransport === 'gmail' && !(config.google.clientId && config.google.clientSecret)) {
    throw new ConfigError('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are required when MAIL_TRANSPORT is gmail');
  }
  if (config.google.clientId && !config.google.clientSecret) {
    throw new ConfigError('GOOGLE_CLIENT_SECRET is required when GOOGLE_CLIENT_ID is set');
  }
  if (config.databaseUrl && !config.secretKey) {
    throw new ConfigError('SECRET_KEY is required when DATABASE_URL is set');
  }
  if (config.s3 && !(config.s3.accessKeyId && config.s3.secretAccessKey)) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required when S3_BUCKET is set');
  }
  return config;
}
