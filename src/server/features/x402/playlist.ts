/**
 * A paid video's master playlist as Glint serves it: every rendition address (a URI line, or a
 * `URI="..."` attribute) rewritten to the private media route with the viewer's grant, so the
 * player (or a script) fetches renditions and segments from there. Addresses that would leave the
 * video's `hls/` folder are dropped.
 */
export function rewriteMasterPlaylist(text: string, base: string): string {
  const inside = (uri: string): string | undefined => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(uri) || uri.startsWith('/')) return undefined;
    const resolved = new URL(uri, 'https://media.invalid/hls/master.m3u8');
    if (resolved.host !== 'media.invalid' || !resolved.pathname.startsWith('/hls/')) return undefined;
    return `${base}${resolved.pathname}`;
  };
  const out: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') {
      out.push('');
    } else if (line.startsWith('#')) {
      out.push(line.replace(/URI="([^"]*)"/g, (whole, uri: string) => (inside(uri) ? `URI="${inside(uri)}"` : whole)));
    } else {
      const to = inside(line);
      if (to) out.push(to);
      // A rendition line that points elsewhere is left out, and so is the tag that introduced it.
      else if (out.length && out[out.length - 1]!.startsWith('#EXT-X-STREAM-INF')) out.pop();
    }
  }
  return out.join('\n');
}

/** The files of a paid video anyone with a grant may fetch: its HLS tree and its preview sprite. */
export function isPaidMediaFile(rest: string): boolean {
  if (rest === 'sprite.jpg') return true;
  return /^hls\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_.-]+\.(?:m3u8|ts|m4s|mp4|aac|vtt)$/.test(rest) && !rest.split('/').some((s) => s === '..' || s === '.');
}
