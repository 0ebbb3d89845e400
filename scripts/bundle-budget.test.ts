import { describe, expect, it } from 'vitest';
import { formatReport, gzipSize, htmlAssets, measurePages, staticClosure, type Manifest } from './bundle-budget.js';

// A small app as Vite describes it: an HTML entry with a shared vendor chunk and CSS; a home
// screen that shares a cards chunk with another screen and imports hls.js only on demand; a
// cycle between two shared chunks.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_vendor.js'],
    dynamicImports: ['home/home-screen.tsx', 'videos/video-screen.tsx'],
    css: ['assets/index.css'],
  },
  '_vendor.js': { file: 'assets/vendor.js' },
  'home/home-screen.tsx': { file: 'assets/home-screen.js', isDynamicEntry: true, imports: ['index.html', '_cards.js', '_vendor.js'] },
  'videos/video-screen.tsx': {
    file: 'assets/video-screen.js',
    isDynamicEntry: true,
    imports: ['_cards.js'],
    dynamicImports: ['node_modules/hls.js/dist/hls.mjs'],
  },
  '_cards.js': { file: 'assets/cards.js', imports: ['_icons.js'], css: ['assets/cards.css'] },
  '_icons.js': { file: 'assets/icons.js', imports: ['_cards.js'] },
  'node_modules/hls.js/dist/hls.mjs': { file: 'assets/hls.js', isDynamicEntry: true },
};

const html = `<!doctype html><html><head>
<script src="/theme-init.js"></script>
<script type="module" crossorigin src="/assets/index.js"></script>
<link rel="modulepreload" crossorigin href="/assets/vendor.js">
<link rel="icon" href="/favicon.svg">
<link rel="stylesheet" crossorigin href="/assets/index.css">
<link rel="preconnect" href="https://example.com">
</head><body><div id="root"></div></body></html>`;

describe('which files a page loads before its first render', () => {
  it('follows static imports through shared chunks and cycles, each file once, but not import()', () => {
    expect(staticClosure(manifest, ['index.html', 'videos/video-screen.tsx'])).toEqual({
      js: ['assets/index.js', 'assets/vendor.js', 'assets/video-screen.js', 'assets/cards.js', 'assets/icons.js'],
      css: ['assets/index.css', 'assets/cards.css'],
    });
  });

  it('names the screen that is missing, rather than measuring less than the page loads', () => {
    expect(() => staticClosure(manifest, ['index.html', 'home/home.tsx'])).toThrow(/home\/home\.tsx/);
  });

  it("reads the HTML's scripts, module preloads and stylesheets, not its icons or other origins", () => {
    expect(htmlAssets(html)).toEqual({ js: ['theme-init.js', 'assets/index.js', 'assets/vendor.js'], css: ['assets/index.css'] });
  });
});

describe('the budget', () => {
  // Each file's content is its name repeated: sizes differ per file and compress like real text.
  const content = (file: string) => Buffer.from(file.repeat(file === 'assets/vendor.js' ? 2000 : 200));
  const reads: string[] = [];
  const read = (file: string) => {
    reads.push(file);
    return content(file);
  };

  it('sums the gzip sizes of every file the page loads, counting shared files once', () => {
    const [home] = measurePages(manifest, html, [{ page: '/app', screens: ['home/home-screen.tsx'] }], read);
    const files = ['theme-init.js', 'assets/index.js', 'assets/vendor.js', 'assets/home-screen.js', 'assets/cards.js', 'assets/icons.js'];
    expect(home!.js.map((f) => f.file)).toEqual(files);
    expect(home!.jsGzip).toBe(files.reduce((n, f) => n + gzipSize(content(f)), 0));
    expect(home!.cssGzip).toBe(gzipSize(content('assets/index.css')) + gzipSize(content('assets/cards.css')));
    expect(home!.jsGzip).toBeLessThan(home!.js.reduce((n, f) => n + f.bytes, 0));
    expect(home!.over).toBe(false);
  });

  it('is over when the JavaScript or the CSS weighs more than allowed, and the table says which page', () => {
    const reports = measurePages(
      manifest,
      html,
      [
        { page: '/app', screens: ['home/home-screen.tsx'], jsBudget: 100 },
        { page: '/glint/{id}', screens: ['videos/video-screen.tsx'], jsBudget: 1_000_000, cssBudget: 10 },
        { page: '/shorts', screens: ['videos/video-screen.tsx'] },
      ],
      read,
    );
    expect(reports.map((r) => r.over)).toEqual([true, true, false]);
    const table = formatReport(reports);
    expect(table).toMatch(/^\/app \| [\d.]+ KB \| 0\.1 KB \| .* \| OVER BUDGET$/m);
    expect(table).toMatch(/^\/glint\/\{id\} \| .* \| OVER BUDGET$/m);
    expect(table).toMatch(/^\/shorts \| .* \| \(reported only\)$/m);
    // The heaviest file of each page is listed first under it.
    expect(table).toMatch(/\/app: heaviest files \| gzip \| raw\n--- \| ---: \| ---:\nassets\/vendor\.js \|/);
  });

  it('reads each built file once however many pages load it', () => {
    reads.length = 0;
    measurePages(
      manifest,
      html,
      [
        { page: '/app', screens: ['home/home-screen.tsx'] },
        { page: '/glint/{id}', screens: ['videos/video-screen.tsx'] },
      ],
      read,
    );
    expect(reads.filter((f) => f === 'assets/vendor.js')).toHaveLength(1);
  });
});
