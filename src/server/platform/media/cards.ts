import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { JobMap, Jobs } from '../jobs/jobs.js';
import { isPrivateMediaPath, type OwnerPrefix, type Storage } from '../storage/storage.js';
import { IMAGE_DEMUXERS, inputGuard, JPEG_STILL } from './ffmpeg.js';
import { runMediaTool } from './run.js';

/**
 * A link preview's picture ("card"): 1200x630, the size X, Telegram, Discord and Slack show large,
 * made once per item in the background from its poster (or a profile's avatar, or drawn art) with
 * the item's title and creator drawn in.
 */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** What a card shows. A change to any of it (a new title, a new poster, a stream going live) is a new card. */
export interface CardSpec {
  title: string;
  /** The line under the title ("@solwhale", "Bounty · 2 SOL"). */
  byline: string;
  /** A label in the corner ("LIVE", "Scheduled · 1 Dec, 18:00 UTC"), if any. */
  badge?: string | undefined;
  /** The picture behind: an address this storage made (a poster, an avatar); none draws art. */
  picture: string | null;
}

/** Bold sans fonts for the words, as Debian ships them (fonts-liberation, fonts-dejavu-core). */
const FONTS = ['/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'];
/** The first of those the machine has, if any. */
export const boldFontFile = (): string | undefined => FONTS.find((f) => fs.existsSync(f));

/** The key of `spec`'s card under `owner`: it names its content, so a card is never overwritten, only replaced. */
export function cardKey(owner: OwnerPrefix, spec: CardSpec): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([1, spec.title, spec.byline, spec.badge ?? '', spec.picture ?? '']))
    .digest('hex')
    .slice(0, 16);
  return `${owner}/card-${hash}.jpg`;
}

/** A title cut to fit two lines of the card at most, at a word, with an ellipsis. */
export function cardTitle(title: string, max = 70): string {
  const flat = title.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${atWord > max / 2 ? cut.slice(0, atWord) : cut}…`;
}

/** `title` broken into lines of about `width` characters. */
function lines(title: string, width: number): string[] {
  const out: string[] = [];
  for (const word of title.split(' ')) {
    const last = out.at(-1);
    if (last !== undefined && (last + ' ' + word).length <= width) out[out.length - 1] = `${last} ${word}`;
    else out.push(word);
  }
  return out;
}

/**
 * ffmpeg's arguments for a card: `input` (an image, scaled and cropped to fill) or drawn gradients,
 * darkened at the bottom, with the words read from files (`expansion=none`: nothing in a title is
 * interpreted, and no title reaches the filter graph's syntax).
 */
export function cardArgs(
  input: string | undefined,
  output: string,
  texts: { titleFile: string; titleLines: number; bylineFile: string; badgeFile?: string | undefined },
  font: string | undefined,
): string[] {
  const w = CARD_WIDTH;
  const h = CARD_HEIGHT;
  const source = input
    ? [...inputGuard(IMAGE_DEMUXERS), '-i', input]
    : ['-f', 'lavfi', '-i', `gradients=size=300x158:c0=0x1f1147:c1=0x7c3aed:c2=0x06b6d4:nb_colors=3:type=linear:seed=7,scale=${w}:${h}:flags=bicubic`];
  const size = texts.titleLines > 1 ? 54 : 64;
  const band = 120 + size * 1.25 * texts.titleLines;
  const filters = [
    `scale=${w}:${h}:force_original_aspect_ratio=increase`,
    `crop=${w}:${h}`,
    'format=yuv420p',
    `drawbox=y=${h - band}:w=${w}:h=${band}:color=black@0.62:t=fill`,
  ];
  if (font) {
    const text = (file: string, extra: string) => `drawtext=fontfile=${font}:expansion=none:textfile=${file}:${extra}`;
    filters.push(
      text(texts.titleFile, `fontcolor=white:fontsize=${size}:line_spacing=${Math.round(size * 0.25)}:x=56:y=${h - band + 40}`),
      text(texts.bylineFile, `fontcolor=0xe0e7ff:fontsize=34:x=56:y=${h - 70}`),
    );
    if (texts.badgeFile) filters.push(text(texts.badgeFile, 'fontcolor=white:fontsize=34:box=1:boxcolor=0xdc2626:boxborderw=14:x=56:y=48'));
  }
  return ['-hide_banner', '-y', ...source, '-vf', filters.join(','), ...JPEG_STILL, '-f', 'image2', '-update', '1', output];
}

/**
 * Makes `spec`'s card and stores it under its key (cardKey), unless it is there already. The
 * picture is read from this storage only (never fetched from elsewhere, never a private file).
 */
export async function makeCard(storage: Storage, owner: OwnerPrefix, spec: CardSpec, signal?: AbortSignal): Promise<string> {
  const key = cardKey(owner, spec);
  if (await storage.exists(key)) return key;
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'glint-card-'));
  try {
    const pictureKey = spec.picture ? storage.keyOf(spec.picture) : undefined;
    let input: string | undefined;
    const stored = pictureKey && !isPrivateMediaPath(pictureKey) ? await storage.read(pictureKey) : undefined;
    if (stored) {
      input = path.join(dir, 'picture');
      await pipeline(stored.body, fs.createWriteStream(input));
    }
    const titleLines = lines(cardTitle(spec.title), 36).slice(0, 2);
    const write = async (name: string, text: string) => {
      const file = path.join(dir, name);
      await fs.promises.writeFile(file, text);
      return file;
    };
    const texts = {
      titleFile: await write('title.txt', titleLines.join('\n')),
      titleLines: titleLines.length,
      bylineFile: await write('byline.txt', spec.byline),
      badgeFile: spec.badge ? await write('badge.txt', spec.badge) : undefined,
    };
    const output = path.join(dir, 'card.jpg');
    await runMediaTool('ffmpeg', cardArgs(input, output, texts, boldFontFile()), { timeoutMs: 60_000, ...(signal ? { signal } : {}) });
    await storage.putFile(key, output);
    return key;
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/** A card's picture for a page: the card when it is made, else the fallback (the poster) while it is made. */
export interface CardPicture {
  url: string;
  width?: number;
  height?: number;
}

/** How a feature asks for its items' cards (`cardRequests`). */
export interface CardRequests {
  /** A page read found no card for the item: make it (always). */
  missing(id: string): Promise<unknown>;
  /** The item was published, or what its card shows changed: make it now, before its link is shared (only with `CARDS_ON_PUBLISH`). */
  published(id: string): Promise<void>;
}

/**
 * A feature's card requests for its card queue (a job per item, one waiting at a time per item):
 * `dataOf` is the job's data for an item's id, `onPublish` the `CARDS_ON_PUBLISH` setting.
 */
export function cardRequests<M extends JobMap, Q extends keyof M & string>(
  jobs: Jobs<M>,
  queue: Q,
  dataOf: (id: string) => M[Q],
  onPublish: boolean,
): CardRequests {
  const missing = (id: string) => jobs.send(queue, dataOf(id), { singletonKey: id });
  return {
    missing,
    async published(id) {
      if (onPublish) await missing(id);
    },
  };
}

/**
 * The picture a page's preview shows: `spec`'s card once it is made; until then `spec.picture`
 * (the poster), and `queue` is asked to make the card (a feature's job, which makes it once).
 */
export async function cardPicture(storage: Storage, owner: OwnerPrefix, spec: CardSpec, queue: () => Promise<unknown>): Promise<CardPicture | undefined> {
  const key = cardKey(owner, spec);
  if (await storage.exists(key)) return { url: storage.url(key), width: CARD_WIDTH, height: CARD_HEIGHT };
  await queue();
  return spec.picture ? { url: spec.picture } : undefined;
}
