import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project folder. This file is src/server/paths.ts, and once compiled it is part of dist/server/main.js: two
 * levels down either way, so the same relative URL finds the migrations and the built client in both.
 */
export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Running the compiled build (dist/server/*.js), not the TypeScript sources under tsx or Vitest. */
export const isCompiled = !import.meta.url.endsWith('.ts');

export const migrationsFolder = join(projectRoot, 'drizzle');

export const clientDir = join(projectRoot, 'dist', 'client');

/**
 * A process or thread of the server's own, as this build runs it: the compiled file beside dist/server/main.js
 * (scripts/build-server.mjs names it), or its TypeScript source under tsx.
 */
export function ownEntry(compiledName: string, source: string): { file: string; execArgv: string[] } {
  return isCompiled
    ? { file: join(projectRoot, 'dist', 'server', `${compiledName}.js`), execArgv: [] }
    : { file: join(projectRoot, source), execArgv: ['--import', 'tsx'] };
}
