/**
 * Google sign-in from the native app (docs/architecture.md "Native app"). Google refuses sign-in
 * inside an app's WebView, so the app opens the system browser at the server, which runs the
 * usual Google sign-in there, asks the person to confirm, and hands the session back to the app
 * through a one-time code on an https link of the server's own host that the phone opens in the
 * app only (Android App Links, iOS universal links): `https://<host>/app/native/return?code=…`.
 * The app proves it started the flow with a secret that never left it (PKCE, RFC 7636): it
 * registers `sha256(verifier)` when it starts the flow and sends the verifier with the code.
 */

/** Where the server sends the system browser back to the app, on its own host. */
export const NATIVE_GOOGLE_RETURN_PATH = '/app/native/return';

/** What the app shows when the code is not (or no longer) good: expired, used, or not its own. */
export const NATIVE_CODE_INVALID = 'This sign-in has expired. Please try again.';
/** An account with an authenticator cannot finish a Google sign-in in the app yet. */
export const NATIVE_TWO_FACTOR = 'This account asks for an authenticator code after Google, which the app cannot take yet. Sign in with Google on the website.';
/** The fallback of an address error after Google (docs/product.md §2). */
export const NATIVE_GOOGLE_FAILED = 'Failed to sign in with Google. Please try again.';
/** The browser page's question before the code goes to the app. */
export const NATIVE_CONTINUE_TITLE = 'Continue to the Glint app?';
/** What the app shows when the person chose Cancel in the browser. */
export const NATIVE_GOOGLE_CANCELLED = 'Google sign-in was cancelled.';
