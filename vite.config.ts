import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = process.env.PORT ?? '3000';

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: {
      // The API refuses state-changing requests from other origins; the dev server speaks for the page.
      '/api': { target: `http://localhost:${apiPort}`, ws: true, headers: { origin: `http://localhost:${apiPort}` } },
    },
  },
});
