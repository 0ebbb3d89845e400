/** What Capacitor puts on `window` in the app before any page script runs. */
interface CapacitorWindow {
  /** The native bridge the Android and iOS shells inject, with `isNativePlatform()` true. */
  Capacitor?: { isNativePlatform?: () => boolean };
  /** A platform that names itself (Capacitor's custom platform hook). */
  CapacitorCustomPlatform?: { name?: unknown };
}

/** Whether these globals are Capacitor's app shell rather than a plain browser. */
export function nativeFromGlobals(w: CapacitorWindow): boolean {
  if (w.Capacitor?.isNativePlatform?.() === true) return true;
  const custom = w.CapacitorCustomPlatform?.name;
  return typeof custom === 'string' && custom !== '' && custom !== 'web';
}

/**
 * True inside the native mobile app (the Capacitor shell), false in any browser and in any web
 * build. Read from the globals the shell injects rather than from `@capacitor/core`, so the web
 * app's first load does not carry Capacitor: it loads only inside the app (docs/performance.md,
 * the bundle budget).
 */
export function isNativePlatform(): boolean {
  return BUILT_FOR_APP && typeof window !== 'undefined' && nativeFromGlobals(window as CapacitorWindow);
}

/**
 * Whether this build is the one for the native apps (`npm run native:sync` sets the server's
 * origin, `VITE_API_ORIGIN`, which only they need). Vite writes the value in at build time, so a
 * web build drops every native branch from its bundle.
 */
export const BUILT_FOR_APP = Boolean(import.meta.env.VITE_API_ORIGIN);

/**
 * Where an address sends the app before any screen shows (docs/product.md §2): on the native
 * platform the landing page `/` is skipped for the home feed `/app`. Null: stay.
 */
export function startRedirect(pathname: string, native: boolean): string | null {
  return native && (pathname === '/' || pathname === '') ? '/app' : null;
}
