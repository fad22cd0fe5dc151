import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has embedded defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(5000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicUrl).toBe('http://localhost:5000');
    expect(config.dataDir).toBe('./data');
    expect(config.mailTransport).toBe('outbox');
    expect(config.adminEmails).toEqual([]);
    expect(config.databaseUrl).toBeUndefined();
  });

  it('reads admin e-mails as a trimmed lowercase list', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Boss@Agency.com, two@agency.com ,' }).adminEmails).toEqual([
      'boss@agency.com',
      'two@agency.com',
    ]);
  });

  it('puts the vendor page link in vendor messages unless VENDOR_LINKS=off', () => {
    expect(loadConfig({}).vendorLinks).toBe(true);
    expect(loadConfig({ VENDOR_LINKS: '' }).vendorLinks).toBe(true);
    expect(loadConfig({ VENDOR_LINKS: 'OFF' }).vendorLinks).toBe(false);
    expect(() => loadConfig({ VENDOR_LINKS: 'maybe' })).toThrow(/^VENDOR_LINKS must be on or off$/);
  });

  it('reminds vendors after 24 hours unless VENDOR_REMINDER_HOURS says otherwise', () => {
    expect(loadConfig({}).vendorReminderMs).toBe(24 * 3_600_000);
    expect(loadConfig({ VENDOR_REMINDER_HOURS: ' ' }).vendorReminderMs).toBe(24 * 3_600_000);
    expect(loadConfig({ VENDOR_REMINDER_HOURS: '48' }).vendorReminderMs).toBe(48 * 3_600_000);
    expect(loadConfig({ VENDOR_REMINDER_HOURS: '0.5' }).vendorReminderMs).toBe(1_800_000);
  });

  it('keeps files forever unless RETENTION_DAYS says otherwise', () => {
    expect(loadConfig({}).retentionDays).toBeUndefined();
    expect(loadConfig({ RETENTION_DAYS: '' }).retentionDays).toBeUndefined();
    expect(loadConfig({ RETENTION_DAYS: '90' }).retentionDays).toBe(90);
  });

  it('reads APPROVAL_DOMAINS as a lowercase list of domains, empty when unset, and refuses what is not a domain', () => {
    expect(loadConfig({}).approvalDomains).toEqual([]);
    expect(loadConfig({ APPROVAL_DOMAINS: ' Agency.com, @partner.org ,' }).approvalDomains).toEqual([
      'agency.com',
      'partner.org',
    ]);
    expect(() => loadConfig({ APPROVAL_DOMAINS: 'agency.com, not a domain' })).toThrow(
      'APPROVAL_DOMAINS must be a comma-separated list of domains, e.g. agency.com,partner.org',
    );
  });

  it('trusts no proxy unless told which', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  it('chooses the mail transport from what is configured', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://relay:25' }).mailTransport).toBe('smtp');
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }).mailTransport).toBe('gmail');
    expect(
      loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', MAIL_TRANSPORT: 'outbox' }).mailTransport,
    ).toBe('outbox');
    expect(loadConfig({ SMTP_URL: 'smtp://relay:25' }).smtpThreads).toBe(2);
    expect(loadConfig({ SMTP_URL: 'smtp://relay:25', SMTP_THREADS: '0' }).smtpThreads).toBe(0);
  });

  it.each([
    [{ PORT: '70000' }, /^PORT must be between 1 and 65535$/],
    [{ PORT: 'abc' }, /^PORT must be a number$/],
    [{ PUBLIC_URL: 'not a url' }, /^PUBLIC_URL must be an http\(s\) URL$/],
    [{ DATABASE_URL: 'mysql://x' }, /^DATABASE_URL must be a postgres:\/\/ URL$/],
    [{ DATABASE_URL: 'postgres://u@127.0.0.1/db' }, /^SECRET_KEY is required/],
    [{ MAIL_TRANSPORT: 'smtp' }, /^SMTP_URL is required/],
    [{ MAIL_TRANSPORT: 'pigeon' }, /^MAIL_TRANSPORT must be one of/],
    [{ SMTP_THREADS: '9' }, /^SMTP_THREADS must be between 0 and 8$/],
    [{ SMTP_THREADS: 'two' }, /^SMTP_THREADS must be a number$/],
    [{ RETENTION_DAYS: '0' }, /^RETENTION_DAYS must be at least 1 day$/],
    [{ RETENTION_DAYS: '1.5' }, /^RETENTION_DAYS must be a whole number of days$/],
    [{ VENDOR_REMINDER_HOURS: 'daily' }, /^VENDOR_REMINDER_HOURS must be a number of hours, e.g. 24$/],
    [{ VENDOR_REMINDER_HOURS: '0' }, /^VENDOR_REMINDER_HOURS must be more than 0 hours$/],
    [{ VENDOR_REMINDER_HOURS: '-3' }, /^VENDOR_REMINDER_HOURS must be more than 0 hours$/],
    [{ VENDOR_REMINDER_HOURS: '1000' }, /^VENDOR_REMINDER_HOURS must be at most 720 hours \(30 days\)$/],
    [{ ADMIN_EMAILS: 'ok@x.com, nope' }, /^ADMIN_EMAILS must be a comma-separated list/],
    [{ SECRET_KEY: 'short' }, /^SECRET_KEY must be at least 32 characters$/],
    [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL must be one of/],
    [{ LOG_FORMAT: 'pretty' }, /^LOG_FORMAT must be auto or json$/],
    [{ TRUST_PROXY: 'sometimes' }, /^TRUST_PROXY must be true, false/],
    [{ SHUTDOWN_TIMEOUT: '0' }, /^SHUTDOWN_TIMEOUT must be at least 1 second$/],
    [{ SHUTDOWN_TIMEOUT: 'soon' }, /^SHUTDOWN_TIMEOUT must be a number of seconds$/],
  ])('refuses %j with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
