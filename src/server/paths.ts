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
