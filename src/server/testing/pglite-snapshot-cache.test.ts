import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../paths';
import { snapshotKey } from './pglite-snapshot-cache';

describe('the kept migrated snapshot', () => {
  it('is named after the migrations as they are: any change to one names another file', () => {
    const copy = mkdtempSync(join(tmpdir(), 'dispatch-migrations-'));
    try {
      cpSync(migrationsFolder, copy, { recursive: true });
      expect(snapshotKey(copy)).toBe(snapshotKey());
      appendFileSync(join(copy, '0000_foundation.sql'), '\n-- changed\n');
      expect(snapshotKey(copy)).not.toBe(snapshotKey());
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
