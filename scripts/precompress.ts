// Compresses the built web app once, at build time: next to each text file, a Brotli (`.br`) and a
// gzip (`.gz`) copy at the highest levels, which the server sends to browsers that accept them
// (src/server/platform/http/spa.ts), so no request pays for compressing and no file goes out uncompressed.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Text the browser loads; source maps are left out (they are for developers, fetched on demand). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|ico)$/;
/** Below this, the headers weigh more than what compression saves. */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** Whether `copy` exists and is not older than `file`. */
function isFresh(copy: string, file: string): boolean {
  try {
    return fs.statSync(copy).mtimeMs >= fs.statSync(file).mtimeMs;
  } catch {
    return false;
  }
}

/** Writes `<file>.br` and `<file>.gz` for every compressible file of `dir`; returns how many files it compressed. */
export function precompressDir(dir: string): number {
  let n = 0;
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    // Compressed by an earlier build into the same folder (the embed's build follows the app's).
    if (isFresh(`${file}.br`, file) && isFresh(`${file}.gz`, file)) continue;
    const content = fs.readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(content, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
      }),
    );
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION }));
    n++;
  }
  return n;
}

/** The Vite plugin: runs after the bundle (and any plugin before it in the list) has written its files. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'glint:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      handler() {
        precompressDir(outDir);
      },
    },
  };
}
