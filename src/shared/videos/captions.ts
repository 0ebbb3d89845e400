import { z } from 'zod';

/**
 * Captions (docs/product.md "Captions"): a creator's subtitle file, WebVTT or SRT, turned into the
 * one WebVTT Glint serves. Everything a browser would read is rebuilt from what was understood:
 * times, the cue settings browsers know, and the text with only WebVTT's own tags (b, i, u, c, v,
 * lang, ruby, rt) kept; style, region and note blocks, and SRT's font tags, are dropped. A file
 * with a time Glint cannot read, a cue that ends before it starts or one after the video's end is
 * refused with the line it is on, so the creator can fix it.
 */

/** The largest file accepted (a four-hour film's subtitles are about a third of this). */
export const CAPTION_MAX_BYTES = 1_000_000;
export const CAPTION_MAX_CUES = 20_000;
/** Languages one video may have captions in. */
export const CAPTION_MAX_TRACKS = 20;
export const CAPTION_LABEL_MAX = 40;
/** A cue may run past the end of the video by this much (files are often timed on a longer cut). */
const END_SLACK_SECONDS = 2;

export const CAPTION_EMPTY = 'This file has no captions in it.';
export const CAPTION_NOT_TEXT = 'This is not a subtitle file. Choose a WebVTT (.vtt) or SRT (.srt) file.';
export const CAPTION_TOO_BIG = 'A subtitle file can be 1 MB at most.';
export const CAPTION_TOO_MANY_CUES = `A subtitle file can hold ${CAPTION_MAX_CUES.toLocaleString('en-US')} captions at most.`;
export const CAPTION_TOO_MANY_TRACKS = `A video can have captions in ${CAPTION_MAX_TRACKS} languages at most.`;
export const CAPTION_BAD_LANGUAGE = 'Choose the language of these captions.';
export const CAPTION_NOT_FOUND = 'This video has no captions in that language.';

export interface CaptionCue {
  start: number;
  end: number;
  /** WebVTT cue settings Glint keeps (`line:0 align:start`), or ''. */
  settings: string;
  text: string;
}

export type CaptionConversion = { ok: true; vtt: string; cues: number } | { ok: false; error: string };

/** `1:02:03.450` → seconds; `mm:ss.ttt` or `hh:mm:ss.ttt`, with `,` (SRT) or `.` (WebVTT) before the milliseconds. */
const TIME = /^(?:(\d{1,3}):)?([0-5]?\d):([0-5]\d)(?:[.,](\d{1,3}))?$/;
const TIMING = /^(\S+)[ \t]+-->[ \t]+(\S+)(.*)$/;

function seconds(text: string): number | undefined {
  const m = TIME.exec(text);
  if (!m) return undefined;
  const [, h, mm, ss, ms] = m;
  return Number(h ?? 0) * 3600 + Number(mm) * 60 + Number(ss) + Number((ms ?? '0').padEnd(3, '0')) / 1000;
}

/** Seconds as WebVTT writes them: `00:01:02.500`. */
export function vttTime(s: number): string {
  const ms = Math.round(s * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/** How a time reads in a message to a person: `1:02:03` or `2:05`. */
const spoken = (s: number) => {
  const t = Math.floor(s);
  const [h, m, sec] = [Math.floor(t / 3600), Math.floor(t / 60) % 60, t % 60];
  return h ? `${h}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}` : `${m}:${String(sec).padStart(2, '0')}`;
};

/** The cue settings browsers understand, each checked; anything else (a region of a dropped block, a typo) is left out. */
const SETTINGS: Record<string, RegExp> = {
  vertical: /^(?:rl|lr)$/,
  line: /^(?:-?\d+|\d{1,3}(?:\.\d+)?%)(?:,(?:start|center|end))?$/,
  position: /^\d{1,3}(?:\.\d+)?%(?:,(?:line-left|center|line-right))?$/,
  size: /^\d{1,3}(?:\.\d+)?%$/,
  align: /^(?:start|center|end|left|right)$/,
};

function keptSettings(raw: string): string {
  const kept: string[] = [];
  for (const part of raw.trim().split(/[ \t]+/)) {
    const i = part.indexOf(':');
    if (i <= 0) continue;
    const [name, value] = [part.slice(0, i), part.slice(i + 1)];
    if (SETTINGS[name]?.test(value) && !kept.some((k) => k.startsWith(`${name}:`))) kept.push(`${name}:${value}`);
  }
  return kept.join(' ');
}

const KEPT_TAG =
  /^<(?:\/(?:b|i|u|c|v|lang|ruby|rt)|(?:b|i|u|c|ruby|rt)(?:\.[\w-]+)*|v(?:\.[\w-]+)*[ \t][^<>]*|lang(?:\.[\w-]+)*[ \t][\w-]+|\d{2,}:[0-5]\d:[0-5]\d\.\d{3}|[0-5]\d:[0-5]\d\.\d{3})>$/;

/**
 * A cue's text as WebVTT: WebVTT's own tags kept, other tags (SRT's `<font>`) and `{\an8}`
 * overrides dropped, `&`, `<` and `>` escaped (so an arrow in the text never reads as times).
 */
function cueText(lines: string[]): string {
  return lines
    .map((line) =>
      line
        .replace(/\{\\[^}]*\}/g, '')
        .replace(/<[^<>]*>|[<>&]/g, (piece) => {
          if (piece === '&') return '&amp;';
          if (piece === '<') return '&lt;';
          if (piece === '>') return '&gt;';
          return KEPT_TAG.test(piece) ? piece : '';
        })
        .replace(/&amp;(amp|lt|gt|nbsp|lrm|rlm|#\d{1,6}|#x[0-9a-f]{1,6});/gi, '&$1;')
        .trimEnd(),
    )
    .filter((line) => line.trim() !== '')
    .join('\n');
}

/**
 * Reads a subtitle file (WebVTT, or SRT otherwise) and writes it as WebVTT, or says what is wrong
 * and where. `durationSeconds`, when known, refuses cues that start after the video ends.
 */
export function toWebVtt(text: string, durationSeconds?: number | null): CaptionConversion {
  if (text.includes('\0')) return { ok: false, error: CAPTION_NOT_TEXT };
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const isVtt = /^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '');
  // Not one time line: no subtitles at all (a WebVTT file with nothing but notes is only empty).
  if (!lines.some((l) => l.includes('-->'))) return { ok: false, error: isVtt ? CAPTION_EMPTY : CAPTION_NOT_TEXT };
  const cues: CaptionCue[] = [];
  let i = 0;
  if (isVtt) {
    // The header: its first line and any lines up to the first blank one.
    while (i < lines.length && lines[i]!.trim() !== '') i++;
  }
  while (i < lines.length) {
    // The next block: up to a blank line.
    while (i < lines.length && lines[i]!.trim() === '') i++;
    if (i >= lines.length) break;
    const first = i;
    const block: string[] = [];
    while (i < lines.length && lines[i]!.trim() !== '') block.push(lines[i++]!);
    if (isVtt && /^(?:NOTE|STYLE|REGION)(?:[ \t]|$)/.test(block[0]!)) continue;
    // An identifier (SRT's number, or a WebVTT cue id) may come before the times.
    const at = block[0]!.includes('-->') ? 0 : 1;
    const timing = block[at];
    const lineNo = first + Math.min(at, block.length - 1) + 1;
    const m = timing === undefined ? null : TIMING.exec(timing.trim());
    if (!m) {
      // SRT numbers its cues; a block of words alone is most likely text that lost its times.
      return { ok: false, error: `Line ${lineNo}: expected the cue's times, like 00:00:01,000 --> 00:00:04,000.` };
    }
    const start = seconds(m[1]!);
    const end = seconds(m[2]!);
    if (start === undefined) return { ok: false, error: `Line ${lineNo}: “${m[1]}” is not a time like 00:01:02,500.` };
    if (end === undefined) return { ok: false, error: `Line ${lineNo}: “${m[2]}” is not a time like 00:01:02,500.` };
    if (end <= start) return { ok: false, error: `Line ${lineNo}: this caption ends (${m[2]}) before it starts (${m[1]}).` };
    if (durationSeconds && start >= durationSeconds + END_SLACK_SECONDS) {
      return { ok: false, error: `Line ${lineNo}: this caption starts at ${spoken(start)}, after the video ends (${spoken(durationSeconds)}).` };
    }
    const body = cueText(block.slice(at + 1));
    // A cue without words shows nothing: it is left out.
    if (body === '') continue;
    cues.push({ start, end, settings: isVtt ? keptSettings(m[3]!) : '', text: body });
    if (cues.length > CAPTION_MAX_CUES) return { ok: false, error: CAPTION_TOO_MANY_CUES };
  }
  if (!cues.length) return { ok: false, error: CAPTION_EMPTY };
  // Browsers show cues in the order of their start; a file out of order is put in order.
  cues.sort((a, b) => a.start - b.start || a.end - b.end);
  const out = cues.map((c) => `${vttTime(c.start)} --> ${vttTime(c.end)}${c.settings ? ` ${c.settings}` : ''}\n${c.text}`);
  return { ok: true, vtt: `WEBVTT\n\n${out.join('\n\n')}\n`, cues: cues.length };
}

/**
 * A file's bytes as text: UTF-8 (with or without its mark), UTF-16 with its mark, or, failing
 * UTF-8, Windows-1252, the encoding most older SRT files were saved in.
 */
export function decodeCaptionFile(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** A language tag as BCP 47 writes it (`pt-br` → `pt-BR`), or undefined when it is none. */
export function canonicalLanguage(tag: string): string | undefined {
  if (!/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8}){0,3}$/.test(tag)) return undefined;
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

/** A language's name in English (`pt-BR` → "Brazilian Portuguese"), the CC menu's default label. */
export function languageName(tag: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** The languages the caption forms offer first; any other BCP 47 tag is accepted too. */
export const CAPTION_LANGUAGES = [
  'en',
  'es',
  'pt-BR',
  'pt',
  'fr',
  'de',
  'it',
  'nl',
  'pl',
  'tr',
  'ru',
  'uk',
  'ar',
  'hi',
  'id',
  'vi',
  'th',
  'zh-Hans',
  'zh-Hant',
  'ja',
  'ko',
] as const;

/** A caption track's address: the video and the language (checked with `canonicalLanguage` by the route, after who asks). */
export const CaptionLanguageParam = z.object({ id: z.string().min(1).max(64), language: z.string().min(1).max(40) });

export const PutCaptionSchema = z.object({
  /** The file's text (the browser decodes its bytes with `decodeCaptionFile`). */
  content: z.string().min(1, CAPTION_EMPTY).max(CAPTION_MAX_BYTES, CAPTION_TOO_BIG),
  label: z.string().trim().max(CAPTION_LABEL_MAX).optional(),
});
export type PutCaption = z.infer<typeof PutCaptionSchema>;

/** A video's captions in one language, as its page lists them. */
export const CaptionTrackSchema = z.object({
  language: z.string(),
  label: z.string(),
  /** The WebVTT, served under the video's own rules (a priced video's only to those who may watch it). */
  url: z.string(),
  cues: z.number().int(),
});
export type CaptionTrack = z.infer<typeof CaptionTrackSchema>;

export const CAPTIONS_LOCKED = 'Unlock this video to read its captions.';
