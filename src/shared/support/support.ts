import { z } from 'zod';

/** One message may be this long, in characters. */
export const SUPPORT_MESSAGE_MAX = 2000;
/** The history sent with a question: at most this many messages... */
export const SUPPORT_HISTORY_MAX = 20;
/** ...and this many characters in all. */
export const SUPPORT_HISTORY_CHARS_MAX = 12_000;

export const SupportMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(SUPPORT_MESSAGE_MAX, `Messages can be at most ${SUPPORT_MESSAGE_MAX} characters`),
});
export type SupportMessage = z.infer<typeof SupportMessageSchema>;

export const SupportChatRequestSchema = z.object({
  messages: z
    .array(SupportMessageSchema)
    .min(1)
    .max(SUPPORT_HISTORY_MAX)
    .refine((m) => m.reduce((n, x) => n + x.content.length, 0) <= SUPPORT_HISTORY_CHARS_MAX, 'The conversation is too long')
    .refine((m) => m.at(-1)?.role === 'user' && m.at(-1)!.content.trim().length > 0, 'The last message must be a question'),
});
export type SupportChatRequest = z.infer<typeof SupportChatRequestSchema>;

/*
 * The assistant's answers are Markdown (CommonMark): the panel shows their paragraphs, lists, code,
 * emphasis, headings and links, and never HTML. What users wrote (stream and bounty titles, names)
 * goes in as text, each special character behind a backslash; and an answer links only to Glint's
 * own pages (docs/security.md "Support chat"). Server and client read links with the functions below.
 */

/** The characters that could start or end a link, emphasis, code, an entity or HTML in an answer. */
const MARKDOWN_SPECIAL = /[\\`*_[\]()<>!|~#&]/g;

/** `text` as Markdown that reads back as exactly this text, on one line. */
export function escapeMarkdown(text: string): string {
  return text.replace(/\s+/g, ' ').replace(MARKDOWN_SPECIAL, '\\$&');
}

/** A path of this site (`/…`), never another origin (`//host`, `/\host`, `https:`) or a script. */
export function isGlintPath(href: string): boolean {
  return /^\/(?![/\\])[^\s\\]*$/.test(href) && ![...href].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
}

export type LinkAt = { label: string; href: string; end: number };

/**
 * The link `[label](href)` that starts at `text[start]` (a `[`): its label as written (still
 * escaped), its target and where it ends; `'open'` when the text ends before it could close;
 * undefined when it is no link. A label holds no unescaped `[` and no line break.
 */
export function linkAt(text: string, start: number): LinkAt | 'open' | undefined {
  let close = start + 1;
  for (; close < text.length; close++) {
    const c = text[close];
    if (c === '\\') close++;
    else if (c === '\n' || c === '[') return undefined;
    else if (c === ']') break;
  }
  if (close >= text.length - 1) return 'open';
  if (close === start + 1 || text[close + 1] !== '(') return undefined;
  let end = close + 2;
  for (; end < text.length && text[end] !== ')'; end++) if (/\s/.test(text[end]!)) return undefined;
  if (end >= text.length) return 'open';
  if (end === close + 2) return undefined;
  return { label: text.slice(start + 1, close), href: text.slice(close + 2, end), end: end + 1 };
}

/** A link still open after this many characters is taken as text. */
const OPEN_LINK_MAX = 600;

/**
 * Rewrites an answer so that it links only Glint's own paths: any other link becomes its label, as
 * text. `final: false` holds back a tail that may still become a link (`rest`), for a stream.
 */
function onlyGlintLinks(text: string, final: boolean): { done: string; rest: string } {
  let done = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\') {
      if (i + 1 >= text.length && !final) break;
      done += text.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (c !== '[') {
      done += c;
      i += 1;
      continue;
    }
    const link = linkAt(text, i);
    if (link === 'open' && !final && text.length - i < OPEN_LINK_MAX) break;
    if (!link || link === 'open') {
      done += c;
      i += 1;
      continue;
    }
    done += isGlintPath(link.href) ? text.slice(i, link.end) : link.label;
    i = link.end;
  }
  return { done, rest: text.slice(i) };
}

/** The whole answer with links to Glint's own paths only. */
export const keepGlintLinks = (text: string) => onlyGlintLinks(text, true).done;

/** The same for an answer that arrives in pieces: `push` gives what may be sent now, `end` the rest. */
export function glintLinkFilter() {
  let pending = '';
  return {
    push(piece: string): string {
      const { done, rest } = onlyGlintLinks(pending + piece, false);
      pending = rest;
      return done;
    },
    end(): string {
      const { done } = onlyGlintLinks(pending, true);
      pending = '';
      return done;
    },
  };
}
