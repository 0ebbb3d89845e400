/** One rendition of an HLS stream, as the quality menu lists it. */
export interface QualityLevel {
  /** hls.js level index (renditions by rising bitrate, as hls.js orders them). */
  index: number;
  height: number;
  bitrate: number;
  label: string;
}

export const levelLabel = (height: number, bitrate: number) => (height ? `${height}p` : `${Math.round(bitrate / 1000)} kbps`);

/** The quality menu's order: highest first. */
export const byQualityDesc = (a: QualityLevel, b: QualityLevel) => b.height - a.height || b.bitrate - a.bitrate;

/**
 * A master playlist's renditions (`#EXT-X-STREAM-INF`: `BANDWIDTH`, `RESOLUTION`), indexed by
 * rising bitrate as hls.js numbers its levels, for the menu shown while the browser plays the
 * stream itself. A media playlist (no renditions) or anything else gives none.
 */
export function parseMasterLevels(text: string): QualityLevel[] {
  if (!text.startsWith('#EXTM3U')) return [];
  const found: { height: number; bitrate: number }[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) continue;
    const bitrate = Number(/(?:^|[:,])BANDWIDTH=(\d+)/.exec(line)?.[1] ?? NaN);
    const height = Number(/(?:^|[:,])RESOLUTION=\d+x(\d+)/.exec(line)?.[1] ?? 0);
    if (Number.isFinite(bitrate) && bitrate > 0) found.push({ height, bitrate });
  }
  return found
    .sort((a, b) => a.bitrate - b.bitrate)
    .map((l, index) => ({ index, height: l.height, bitrate: l.bitrate, label: levelLabel(l.height, l.bitrate) }))
    .sort(byQualityDesc);
}

/** The rendition the browser is showing, from the picture's height (what its own HLS reveals). */
export function levelForHeight(levels: readonly QualityLevel[], height: number): number | null {
  if (!height || levels.length === 0) return null;
  let best: QualityLevel | null = null;
  for (const l of levels) if (!best || Math.abs(l.height - height) < Math.abs(best.height - height)) best = l;
  return best!.index;
}
