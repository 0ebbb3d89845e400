import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The native shells (Android, iOS) around the built web app. They load `dist/client` from the
 * device; the app then talks to the Glint server named at build time by `VITE_API_ORIGIN`
 * (`npm run native:sync`). See docs/architecture.md "Native app".
 */
const config: CapacitorConfig = {
  appId: 'app.glint',
  appName: 'Glint',
  webDir: 'dist/client',
  android: {
    // Web assets are served from https://localhost (Capacitor's default), the origin the server allow-lists.
    allowMixedContent: false,
  },
  ios: {
    // Web assets are served from capacitor://localhost (Capacitor's default).
    contentInset: 'automatic',
  },
};

export default config;
