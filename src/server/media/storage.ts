import fs from 'node:fs';
import path from 'node:path';

/**
 * Where media lives (HLS renditions, posters, sprites, images). Local disk by default, served
 * by Glint at `/media/`; behind a CDN the public base URL changes, the keys stay.
 */
export interface Storage {
  kind: 'local';
  /** Copies a local folder's files under `prefix`. */
  putDirectory(prefix: string, dir: string): Promise<void>;
  putFile(key: string, file: string): Promise<void>;
  /** Removes every object under `prefix`. */
  deletePrefix(prefix: string): Promise<void>;
  /** The address a browser fetches `key` from. */
  url(key: string): string;
  /** For the local store: the folder `/media/` serves. */
  root: string;
}

const safeKey = (key: string) => {
  const norm = path.posix.normalize(key).replace(/^\/+/, '');
  if (norm.startsWith('..')) throw new Error(`Unsafe storage key: ${key}`);
  return norm;
};

export function createLocalStorage(root: string, publicBase = '/media'): Storage {
  fs.mkdirSync(root, { recursive: true });
  return {
    kind: 'local',
    root,
    async putDirectory(prefix, dir) {
      const target = path.join(root, safeKey(prefix));
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.cp(dir, target, { recursive: true });
    },
    async putFile(key, file) {
      const target = path.join(root, safeKey(key));
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.copyFile(file, target);
    },
    async deletePrefix(prefix) {
      await fs.promises.rm(path.join(root, safeKey(prefix)), { recursive: true, force: true });
    },
    url(key) {
      return `${publicBase}/${safeKey(key)}`;
    },
  };
}
