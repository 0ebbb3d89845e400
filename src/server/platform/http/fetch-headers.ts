import type { IncomingHttpHeaders } from 'node:http';

/**
 * A request's headers as a Fetch `Headers` (what Better Auth reads). Over HTTP/2 Node lists the
 * pseudo-headers (`:method`, `:path`, `:authority`…) among them, which `Headers` refuses: they are
 * left out, and `:authority` stands in for the `Host` an HTTP/2 request does not send.
 */
export function toFetchHeaders(source: IncomingHttpHeaders, skip?: string): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(source)) {
    if (value === undefined || name.startsWith(':') || name === skip) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const authority = source[':authority'];
  if (!headers.has('host') && typeof authority === 'string') headers.set('host', authority);
  return headers;
}
