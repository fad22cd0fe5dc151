import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { describeSetup } from './startup-summary';

describe('the start-up summary', () => {
  it('names the database, the store and the mail transport of the embedded default', () => {
    expect(describeSetup(loadConfig({ DATA_DIR: '/srv/dispatch' }))).toEqual({
      publicUrl: 'http://localhost:5000',
      database: 'embedded PGlite in /srv/dispatch/db',
      store: 'local folder /srv/dispatch/files',
      mail: 'outbox folder /srv/dispatch/outbox',
    });
  });

  it('names PostgreSQL, S3 and SMTP by host, never with their credentials', () => {
    const summary = describeSetup(
      loadConfig({
        DATABASE_URL: 'postgres://dispatch:db-secret-pass@db.internal:5432/dispatch',
        SECRET_KEY: 'k'.repeat(40),
        S3_BUCKET: 'dispatch-files',
        S3_ENDPOINT: 'https://minio.internal:9000',
        S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        S3_SECRET_ACCESS_KEY: 's3-secret-key',
        SMTP_URL: 'smtp://mailer:smtp-secret-pass@relay.internal:587',
      }),
    );
    expect(summary).toMatchObject({
      database: 'PostgreSQL at postgres://db.internal:5432/dispatch',
      store: 'S3 bucket dispatch-files at https://minio.internal:9000',
      mail: 'SMTP via smtp://relay.internal:587',
    });
    expect(JSON.stringify(summary)).not.toMatch(/secret|AKIA|mailer|dispatch:/);
  });
});
