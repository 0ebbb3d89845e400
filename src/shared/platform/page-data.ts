/**
 * What the server writes into a page it sends, for the web app to read before its first frame:
 * the `GET /api/me` answer of the request's session, in a `<script type="application/json">`
 * with this id (data, never run: the CSP needs no change).
 */
export const INLINE_SESSION_ID = 'glint-session';

/**
 * JSON safe as the text of an HTML element: `<`, `>` and `&` (and the two line separators old
 * script parsers split on) are written as `\u` escapes, so no value can close the element
 * (`</script>`) or open another; `JSON.parse` reads the same value back.
 */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
