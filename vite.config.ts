import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // package.json maps #client/* to .ts or .tsx; Rolldown does not try an imports array's fallbacks, so say it here too.
  resolve: { alias: [{ find: /^#client\//, replacement: fileURLToPath(new URL('./src/client/', import.meta.url)) }] },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // One chunk for the framework the entry shares with the lazy screens: left to itself Rolldown cuts it into many
      // small chunks, each gzipped alone, which the send page's first load pays for (decision 0046).
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:5000', '/auth/google': 'http://127.0.0.1:5000' },
  },
});
