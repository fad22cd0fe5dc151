import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseTestFiles, touchesTestDatabase } from './database-test-files.mjs';

/** Files written under a temporary folder (nested paths made), and that folder. */
function tree(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'dispatch-db-files-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return { at: (path: string) => join(dir, path), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

describe('the test files the pg phase runs', () => {
  it('follows static, dynamic and re-exported imports, with or without .js, to a file that reads TEST_DATABASE_URL', () => {
    const files = tree({
      'db.ts': 'export const url = process.env.TEST_DATABASE_URL;',
      'fixtures.ts': "export * from './db.js';",
      'helper.ts': "export async function load() { return import('./fixtures'); }",
      'api.test.ts': "import { load } from './helper';\nimport type { X } from './types';",
      'pure.test.ts': "import { sum } from './sum';",
      'sum.ts': "import { product } from './product';\nexport const sum = 1;",
      'product.ts': "import { sum } from './sum';\nexport const product = 2;",
      'types.ts': 'export type X = 1;',
    });
    try {
      expect(touchesTestDatabase(files.at('api.test.ts'))).toBe(true);
      // Its imports circle back to themselves and never reach the database.
      expect(touchesTestDatabase(files.at('pure.test.ts'))).toBe(false);
    } finally {
      files.remove();
    }
  });

  it("takes the API tests on the fixtures and leaves out the server's pure unit tests", () => {
    const files = databaseTestFiles();
    expect(files).toContain('src/server/modules/session/routes.test.ts');
    expect(files).toContain('src/server/postgres-faults.test.ts');
    expect(files).not.toContain('src/server/config.test.ts');
    expect(files).not.toContain('src/server/modules/results/csv-parts.test.ts');
  });
});
