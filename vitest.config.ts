import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { refuseUnsupportedNode } from './scripts/supported-node.mjs';

refuseUnsupportedNode();

export default defineConfig({
  // As in vite.config.ts: package.json maps #client/* to .ts or .tsx, and Vite does not try an imports array's fallbacks.
  resolve: { alias: [{ find: /^#client\//, replacement: fileURLToPath(new URL('./src/client/', import.meta.url)) }] },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    globalSetup: ['src/server/testing/global-setup.ts'],
    setupFiles: ['src/server/testing/compiled-threads-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Two cores: more workers only fight over them.
    maxWorkers: 2,
    // Each worker keeps the modules it imported for its next test file: importing the server afresh for every file was
    // a third of the suite's time (97 s of 318 s). No test file relies on a fresh module state (none mocks a module).
    isolate: false,
  },
});
