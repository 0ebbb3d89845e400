declare global {
  interface Window {
    /** Present when the app runs inside the Capacitor native shell. */
    Capacitor?: { isNativePlatform?: () => boolean };
  }
}

/** True inside the native mobile app (docs/product.md §2: there, / goes straight to /app). */
export function isNativePlatform(): boolean {
  return window.Capacitor?.isNativePlatform?.() === true;
}
