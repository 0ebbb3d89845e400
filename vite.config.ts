import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { ICON_SIZES } from './pwa-assets.config.js';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from './src/shared/platform/product.js';
import { precompress } from './scripts/precompress.js';

const apiPort = process.env.PORT ?? '3000';
/** The dark theme's background: the default look (docs/product.md §1), and the installed app's splash. */
const DARK = '#0b0b12';
/**
 * What the worker precaches from the build: the shell, the hashed bundles and styles, the favicon,
 * the theme script and the icons. Source maps stay out, and so would any file over 2 MB, so a first
 * visit downloads only what the app runs; media is never part of the build.
 */
const PRECACHE_GLOBS = ['index.html', 'assets/**/*.{js,css}', '*.{svg,js}', 'icons/*.png'];
const PRECACHE_IGNORES = ['**/*.map', 'sw.js'];
const PRECACHE_MAX_BYTES = 2 * 1024 * 1024;

export default defineConfig(({ command }) => ({
  root: 'src/client',
  resolve: {
    // React Router's package resolves to its development build for every bundler; its production
    // build (the same API, without the development warnings and their checks) is what ships.
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: fileURLToPath(new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
            { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
          ]
        : [],
  },
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    // The installable app (docs/decisions/014-installable-pwa.md): one worker of our own, built from
    // src/client/sw/sw.ts to /sw.js with the precache list injected; the page registers it itself
    // (src/client/features/pwa/service-worker.ts), in production builds only.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifestFilename: 'manifest.webmanifest',
      injectManifest: {
        globPatterns: PRECACHE_GLOBS,
        globIgnores: PRECACHE_IGNORES,
        maximumFileSizeToCacheInBytes: PRECACHE_MAX_BYTES,
        sourcemap: false,
      },
      // The icons are in the precache globs already.
      includeManifestIcons: false,
      manifest: {
        id: '/app',
        name: PRODUCT_NAME,
        short_name: PRODUCT_NAME,
        description: `${PRODUCT_NAME}: ${PRODUCT_TAGLINE.toLowerCase()}. Live streams, shorts and videos for crypto and web3 creators.`,
        start_url: '/app',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        lang: 'en',
        dir: 'ltr',
        categories: ['entertainment', 'social', 'finance'],
        theme_color: DARK,
        background_color: DARK,
        icons: [
          ...ICON_SIZES.map((size: number) => ({ src: `/icons/icon-${size}x${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' })),
          { src: '/icons/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        shortcuts: [
          { name: 'Shorts', url: '/shorts', description: 'Watch short videos', icons: shortcutIcons('shorts') },
          { name: 'Upload', url: '/submit', description: 'Go live or upload a video', icons: shortcutIcons('upload') },
          { name: 'Streams', url: '/streams', description: 'Pump Streams live now', icons: shortcutIcons('streams') },
        ],
      },
      // The dev server runs without a worker, so hot reload is never served from a cache.
      devOptions: { enabled: false },
    }),
    // After the worker is built, so sw.js ships compressed too.
    precompress(),
  ],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true, // scripts/check-bundle.ts follows the entry's imports through it
    // Every browser Glint supports but Safari 16 knows `modulepreload`; there the hints are simply
    // not followed, so the polyfill's bytes stay out of every first load.
    modulePreload: {
      polyfill: false,
      // A screen or control loaded later fetches its own imports: no <link rel=modulepreload> is
      // added to the page for each of them (one appendChild per file, a long task on a phone when
      // a menu's code arrives). The page's own entry keeps its preloads, the server names the
      // first screen's files in Link headers, and after the first visit the service worker serves
      // every file from its cache.
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page loads comes in two files (the libraries, then the app's shell), not in
          // dozens of small shared chunks, each a request with its own overhead (docs/performance.md).
          groups: [
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'] },
            { name: 'shell', tags: ['$initial'] },
            // The content cards every feed shows (home, trending, streams, search, profiles), with their icons.
            { name: 'cards', test: /[\\/]src[\\/]client[\\/]features[\\/]home[\\/]content-cards\.tsx$/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      // The API refuses state-changing requests from other origins; the dev server speaks for the page.
      '/api': { target: `http://localhost:${apiPort}`, ws: true, headers: { origin: `http://localhost:${apiPort}` } },
    },
  },
}));

function shortcutIcons(name: string) {
  return [96, 192].map((size) => ({ src: `/icons/shortcut-${name}-${size}x${size}.png`, sizes: `${size}x${size}`, type: 'image/png' }));
}
