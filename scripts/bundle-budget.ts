// The pure part of the bundle budget (scripts/check-bundle.ts): which built files a page loads
// before its first render, what they weigh gzipped, and the table that says so.
import zlib from 'node:zlib';
import { htmlEntryKey, staticClosure, type Manifest } from '../src/shared/platform/build-manifest.js';

export { htmlEntryKey, staticClosure, type Manifest, type ManifestChunk } from '../src/shared/platform/build-manifest.js';

/** Scripts, module preloads and stylesheets the built `index.html` asks for, as paths without the leading slash. */
export function htmlAssets(html: string): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}=["']([^"']+)["']`, 'i').exec(tag)?.[1];
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const isScript = /^<script/i.test(tag);
    const rel = attr(tag, 'rel')?.toLowerCase();
    const url = isScript ? attr(tag, 'src') : attr(tag, 'href');
    if (!url || /^[a-z]+:\/\//i.test(url)) continue;
    const file = url.replace(/^\//, '');
    if (isScript || rel === 'modulepreload') js.push(file);
    else if (rel === 'stylesheet') css.push(file);
  }
  return { js, css };
}

export interface PageBudget {
  /** The address people open (`/app`). */
  page: string;
  /** The manifest keys of the screens its route renders first (its React.lazy chunks). */
  screens: string[];
  /** Most gzipped JavaScript it may load before the first render, in bytes; none to only report. */
  jsBudget?: number;
  /** Same for CSS. */
  cssBudget?: number;
}

export interface FileSize {
  file: string;
  bytes: number;
  gzip: number;
}

export interface PageReport {
  page: string;
  js: FileSize[];
  css: FileSize[];
  jsGzip: number;
  cssGzip: number;
  jsBudget?: number;
  cssBudget?: number;
  over: boolean;
}

/** Gzip at the highest level: what the server sends, from files compressed at build time. */
export function gzipSize(content: Buffer | string): number {
  return zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION }).length;
}

/**
 * Measures each page: the HTML's own scripts and stylesheets, the entry's static closure and its
 * screens' closures, each file once. `read` gives a built file's bytes by its path in the output.
 */
export function measurePages(manifest: Manifest, html: string, pages: readonly PageBudget[], read: (file: string) => Buffer): PageReport[] {
  const entry = htmlEntryKey(manifest);
  const fromHtml = htmlAssets(html);
  const sizes = new Map<string, FileSize>();
  const size = (file: string) => {
    let s = sizes.get(file);
    if (!s) {
      const content = read(file);
      s = { file, bytes: content.length, gzip: gzipSize(content) };
      sizes.set(file, s);
    }
    return s;
  };
  const sum = (xs: FileSize[]) => xs.reduce((n, x) => n + x.gzip, 0);
  return pages.map((p) => {
    const closure = staticClosure(manifest, [entry, ...p.screens]);
    const js = [...new Set([...fromHtml.js, ...closure.js])].map(size);
    const css = [...new Set([...fromHtml.css, ...closure.css])].map(size);
    const jsGzip = sum(js);
    const cssGzip = sum(css);
    const over = (p.jsBudget !== undefined && jsGzip > p.jsBudget) || (p.cssBudget !== undefined && cssGzip > p.cssBudget);
    return { page: p.page, js, css, jsGzip, cssGzip, jsBudget: p.jsBudget, cssBudget: p.cssBudget, over };
  });
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** The figures as a Markdown table: per page, JS and CSS against their budgets; then the heaviest files of each page. */
export function formatReport(reports: readonly PageReport[], heaviest = 5): string {
  const lines = ['page | JS gzip | JS budget | CSS gzip | CSS budget | files | verdict', '--- | ---: | ---: | ---: | ---: | ---: | ---'];
  for (const r of reports) {
    const budgeted = r.jsBudget !== undefined || r.cssBudget !== undefined;
    const verdict = r.over ? 'OVER BUDGET' : budgeted ? 'ok' : '(reported only)';
    lines.push(
      [
        r.page,
        kb(r.jsGzip),
        r.jsBudget !== undefined ? kb(r.jsBudget) : '-',
        kb(r.cssGzip),
        r.cssBudget !== undefined ? kb(r.cssBudget) : '-',
        r.js.length + r.css.length,
        verdict,
      ].join(' | '),
    );
  }
  for (const r of reports) {
    const top = [...r.js, ...r.css].sort((a, b) => b.gzip - a.gzip).slice(0, heaviest);
    lines.push('', `${r.page}: heaviest files | gzip | raw`, '--- | ---: | ---:', ...top.map((f) => `${f.file} | ${kb(f.gzip)} | ${kb(f.bytes)}`));
  }
  return lines.join('\n');
}
