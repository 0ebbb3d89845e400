// Vite's build manifest (`dist/client/.vite/manifest.json`, build.manifest in vite.config.ts): which
// built files a screen needs before it runs. The bundle budget (scripts/bundle-budget.ts) weighs
// them; the server names them to the browser with the page (src/server/platform/http/page-preloads.ts).

/** One entry of Vite's `.vite/manifest.json` (build.manifest), keyed by source path or `_shared-chunk.js`. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  /** Chunks this one imports statically: they load before it runs. */
  imports?: string[];
  /** Chunks it may import later (`import()`): not part of its first load. */
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * The files that load before `keys` (the HTML entry, a route's screen) can run: each one's chunk,
 * its CSS, and the same for every chunk it imports statically, each file once. Dynamic imports are
 * not followed: they are what loads later, on demand.
 */
export function staticClosure(manifest: Manifest, keys: readonly string[]): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  const seen = new Set<string>();
  const stack = [...keys].reverse();
  while (stack.length) {
    const key = stack.pop()!;
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no entry "${key}" (was a screen moved or renamed?)`);
    if (!js.includes(chunk.file)) js.push(chunk.file);
    for (const file of chunk.css ?? []) if (!css.includes(file)) css.push(file);
    stack.push(...[...(chunk.imports ?? [])].reverse());
  }
  return { js, css };
}

/** The key of the HTML entry (`index.html` for a Vite app). */
export function htmlEntryKey(manifest: Manifest): string {
  const entries = Object.entries(manifest).filter(([, c]) => c.isEntry);
  const html = entries.find(([key]) => key.endsWith('.html')) ?? entries[0];
  if (!html) throw new Error('The manifest has no entry chunk');
  return html[0];
}
