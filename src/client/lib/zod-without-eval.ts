/**
 * zod compiles a fast parser for object schemas with `new Function` when the page allows it, and
 * finds out by trying once. The app's Content-Security-Policy allows no eval (docs/security.md), so
 * the try always failed, and each failure was a CSP violation in the browser's Issues panel (and in
 * Lighthouse's best practices). zod keeps its settings (`z.config`) in one object on `globalThis`,
 * which it takes over when it loads and reads as it builds a schema; setting `jitless` there first,
 * from each entry's first import, keeps zod itself out of the first load (the bundle budget).
 * Lighthouse's best-practices audit of the video page fails if the try comes back.
 */
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
shared.__zod_globalConfig = { ...shared.__zod_globalConfig, jitless: true };

export {};
