import { config } from 'zod';

/**
 * zod compiles a fast parser for object schemas with `new Function` when the page allows it, and
 * finds out by trying once. The app's Content-Security-Policy allows no eval (docs/security.md), so
 * the try always failed, and each failure was a CSP violation in the browser's Issues panel (and in
 * Lighthouse's best practices). Imported first by each entry, before any schema is made: zod reads
 * the setting as it builds a schema.
 */
config({ jitless: true });
