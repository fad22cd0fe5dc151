import { readFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import type postgresDriver from 'postgres';
import { expect, it } from 'vitest';
import { startPostgres } from '../soak/postgres';
import { patchedPostgresPlugin, patchPostgresConnection } from './postgres-driver-patch.mjs';

const released = readFileSync(join(process.cwd(), 'node_modules/postgres/src/connection.js'), 'utf8');

it('guards the installed driver: a write on a closed connection settles its queries, and a close drops the buffered bytes', () => {
  const patched = patchPostgresConnection(released);
  expect(patched).toMatch(/function nextWrite\(fn\) \{\n {4}if \(!socket\) \{[^}]*error\(Errors\.connection\('CONNECTION_CLOSED', options\)\)/);
  expect(patched.split('clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null').length - 1).toBe(3); // nextWrite's own, terminate() and closed()
});

it('refuses a driver source it was not written for, so a new driver version is looked at again', () => {
  expect(() => patchPostgresConnection(released.replace('const x = socket.write(chunk, fn)', 'const x = socket.write(chunk)'))).toThrow(/postgres driver patch/);
});

it('compiles the driver into the bundle with the guard instead of importing it from node_modules', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'dispatch-driver-'));
  try {
    const entry = join(folder, 'entry.mjs');
    writeFileSync(entry, "import postgres from 'postgres';\nexport const connect = postgres;\n");
    const result = await build({ entryPoints: [entry], bundle: true, write: false, platform: 'node', format: 'esm', packages: 'external', nodePaths: [join(process.cwd(), 'node_modules')], plugins: [patchedPostgresPlugin], logLevel: 'silent' });
    const code = result.outputFiles[0]!.text;
    expect(code).not.toMatch(/from ["']postgres["']/);
    expect(code).toContain('if (!socket) {');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

/** The driver as the build compiles it (patched), or as released, loaded from a bundle in a temporary folder. */
async function loadDriver(folder: string, isPatched: boolean): Promise<typeof postgresDriver> {
  const entry = join(folder, `entry-${isPatched}.mjs`);
  const out = join(folder, `driver-${isPatched}.mjs`);
  writeFileSync(entry, "import postgres from 'postgres';\nexport default postgres;\n");
  await build({ entryPoints: [entry], outfile: out, bundle: true, platform: 'node', format: 'esm', nodePaths: [join(process.cwd(), 'node_modules')], plugins: isPatched ? [patchedPostgresPlugin] : [], logLevel: 'silent' });
  return (await import(out)).default;
}

it('after a PostgreSQL restart cut a query, the next query on that connection is answered, not failed with the old error', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'dispatch-driver-'));
  const pg = await startPostgres();
  try {
    const postgres = await loadDriver(folder, true);
    const sql = postgres(pg.url, { max: 1, onnotice: () => {} });
    try {
      await sql`select 1`;
      const cut = sql`select pg_sleep(30)`.then(
        () => 'answered',
        (error: { code?: string }) => error.code,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      await pg.restart();
      expect(await cut).not.toBe('answered');
      // The one connection of the pool is opened again for this query.
      expect(await sql`select 2 as two`).toEqual([{ two: 2 }]);
    } finally {
      await sql.end({ timeout: 5 });
    }
  } finally {
    pg.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}, 60_000);
