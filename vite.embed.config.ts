import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import appConfig from './vite.config.js';
import { precompress } from './scripts/precompress.js';

/**
 * The embeddable player (`/embed/{id}`, src/client/embed.html): a build of its own, after the app's
 * (`npm run build`), into the same folder. Its own entry and chunks share nothing with the app's
 * shell, so a page on another site loads the player alone (React, the player, its styles), never
 * the router, the query cache or the app's screens (docs/performance.md). Its manifest is
 * `.vite/embed-manifest.json`; the app's worker does not precache it.
 */
export default defineConfig((env) => {
  const app = typeof appConfig === 'function' ? appConfig(env) : appConfig;
  return {
    root: 'src/client',
    resolve: app.resolve,
    publicDir: false,
    plugins: [react(), tailwindcss(), precompress()],
    build: {
      outDir: '../../dist/client',
      emptyOutDir: false,
      sourcemap: true,
      manifest: '.vite/embed-manifest.json',
      modulePreload: { polyfill: false },
      rolldownOptions: { input: 'src/client/embed.html' },
    },
  };
});
