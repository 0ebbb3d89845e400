// `npm run check:bundle`, after `npm run build`: what the web app's pages load before their first
// render, gzipped, against the budget in docs/performance.md. Exits 1 when a page is over.
import fs from 'node:fs';
import path from 'node:path';
import { formatReport, measurePages, type Manifest, type PageBudget } from './bundle-budget.js';

const KB = 1024;
/**
 * `/app` is the budget's page: the home most people land on. The screens are the React.lazy
 * chunks of src/client/app/router.tsx that each route renders first. The other two are reported, so
 * their figures are in front of whoever changes them.
 */
const PAGES: PageBudget[] = [
  { page: '/app', screens: ['features/home/home-screen.tsx'], jsBudget: 150 * KB, cssBudget: 20 * KB },
  { page: '/glint/{id}', screens: ['features/videos/video-screen.tsx'] },
  { page: '/shorts', screens: ['features/shorts/shorts-screen.tsx'] },
];

const dir = path.resolve(process.argv[2] ?? 'dist/client');
const manifestFile = path.join(dir, '.vite', 'manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error(`No ${path.relative(process.cwd(), manifestFile)}: run \`npm run build\` first (vite.config.ts sets build.manifest).`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
const read = (file: string) => fs.readFileSync(path.join(dir, file));
const reports = measurePages(manifest, html, PAGES, read);

/**
 * The embeddable player (`/embed/{id}`) is a build of its own (vite.embed.config.ts): its page
 * loads React, the player and its styles, nothing of the app. It loads on other sites' pages,
 * so it has a budget of its own.
 */
const EMBED: PageBudget = { page: '/embed/{id}', screens: [], jsBudget: 100 * KB, cssBudget: 8 * KB };
const embedManifestFile = path.join(dir, '.vite', 'embed-manifest.json');
if (fs.existsSync(embedManifestFile)) {
  const embedManifest = JSON.parse(fs.readFileSync(embedManifestFile, 'utf8')) as Manifest;
  reports.push(...measurePages(embedManifest, fs.readFileSync(path.join(dir, 'embed.html'), 'utf8'), [EMBED], read));
} else {
  console.error(`No ${path.relative(process.cwd(), embedManifestFile)}: the embed's build did not run (npm run build runs it).`);
  process.exit(1);
}

console.log('\nWeb app first load (JavaScript and CSS before the first render, gzip -9)\n');
console.log(formatReport(reports));
const over = reports.filter((r) => r.over);
if (over.length) {
  console.error(
    `\nOver budget: ${over.map((r) => r.page).join(', ')}. Load what the first screen does not need with import() or React.lazy ` +
      '(docs/performance.md says how), or raise the budget there with a reason.',
  );
  process.exit(1);
}
console.log('\nWithin budget.');
