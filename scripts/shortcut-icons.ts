/**
 * The app shortcuts' icons (Shorts, Upload, Streams in the installed app's launcher menu): the
 * bottom bar's lucide glyph in the favicon's gradient on its dark rounded square, rendered to PNG
 * by @vite-pwa/assets-generator. Run by `npm run icons`; the PNGs are committed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { generateTransparentAsset } from '@vite-pwa/assets-generator/api';
import { CirclePlus, Radio, Smartphone, type LucideIcon } from 'lucide-react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

const OUT = path.resolve('src/client/public/icons');
const SHORTCUTS: Record<string, LucideIcon> = { shorts: Smartphone, upload: CirclePlus, streams: Radio };
const SIZES = [96, 192];

function svgFor(icon: LucideIcon): string {
  const glyph = renderToStaticMarkup(createElement(icon, { x: 14, y: 14, width: 36, height: 36, color: 'url(#g)', strokeWidth: 2.25 }));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1" gradientUnits="userSpaceOnUse" gradientTransform="scale(64)"><stop offset="0" stop-color="#a78bfa"/><stop offset="1" stop-color="#22d3ee"/></linearGradient></defs><rect width="64" height="64" rx="14" fill="#0b0b12"/>${glyph}</svg>`;
}

fs.mkdirSync(OUT, { recursive: true });
for (const [name, icon] of Object.entries(SHORTCUTS)) {
  const svg = Buffer.from(svgFor(icon));
  for (const size of SIZES) {
    const file = path.join(OUT, `shortcut-${name}-${size}x${size}.png`);
    const png = await generateTransparentAsset('png', svg, { width: size, height: size }, { padding: 0, outputOptions: { compressionLevel: 9, quality: 60 } });
    await png.toFile(file);
    process.stdout.write(`wrote ${path.relative(process.cwd(), file)}\n`);
  }
}
