import { isGlintPath, linkAt, MARKDOWN_ESCAPABLE, unescapeMarkdown, type SupportMessage } from '../../../shared/support/support';
import { serverUrl } from '../../lib/native/api-origin';
import { nativeAuthHeaders } from '../../lib/native/session-token';

/** What the panel shows when the answer does not come: SPEC's two texts. */
export const FAILED_TO_GET_RESPONSE = 'Failed to get response';
export const AN_ERROR_OCCURRED = 'An error occurred';

export class SupportChatError extends Error {}

/**
 * Asks the support chat and calls `onOpen` when the stream opens, then `onDelta` with each piece
 * of the answer. A non-OK reply throws with its `{error}` (or 'Failed to get response').
 */
export async function askSupport(
  messages: SupportMessage[],
  { onOpen, onDelta, signal }: { onOpen: () => void; onDelta: (text: string) => void; signal?: AbortSignal },
): Promise<void> {
  let res: Response;
  try {
    res = await fetch(serverUrl('/api/support-chat'), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', ...nativeAuthHeaders('/api/support-chat') },
      body: JSON.stringify({ messages }),
      ...(signal ? { signal } : {}),
    });
  } catch {
    throw new SupportChatError(FAILED_TO_GET_RESPONSE);
  }
  if (!res.ok || !res.body) {
    let error = FAILED_TO_GET_RESPONSE;
    try {
      const body = (await res.json()) as { error?: unknown };
      if (typeof body.error === 'string' && body.error) error = body.error;
    } catch {
      // Not JSON: the generic text stands.
    }
    throw new SupportChatError(error);
  }
  onOpen();
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = sseParser(onDelta);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (parser.push(value)) return;
    }
  } catch {
    throw new SupportChatError(AN_ERROR_OCCURRED);
  }
}

/** Feeds text in any pieces; calls `onDelta` per `data:` line; `push` is true once `[DONE]` came. */
export function sseParser(onDelta: (text: string) => void) {
  let buffer = '';
  return {
    push(text: string): boolean {
      buffer += text;
      let nl;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl).replace(/\r$/, '');
        buffer = buffer.slice(nl + 1);
        if (!line.startsWith('data: ')) continue;
        const data = line.slice(6);
        if (data === '[DONE]') return true;
        try {
          const content = (JSON.parse(data) as { choices?: { delta?: { content?: unknown } }[] }).choices?.[0]?.delta?.content;
          if (typeof content === 'string') onDelta(content);
        } catch {
          // A partial or foreign line is skipped.
        }
      }
      return false;
    },
  };
}

export type Piece = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string } | { kind: 'bold'; text: string };

/**
 * Only this site's own paths (`/…`) become links: an answer never sends a reader to another site,
 * even when a model or a planted title writes such a link. Anything else stays text.
 */
export function safeHref(href: string): { href: string } | undefined {
  return isGlintPath(href) ? { href } : undefined;
}

/** Where the `**` closing bold that opens at `start` is, if it closes on this line. */
function boldEnd(line: string, start: number): number | undefined {
  for (let i = start + 2; i < line.length; i++) {
    if (line[i] === '\\') i++;
    else if (line[i] === '*') return line[i + 1] === '*' && i > start + 2 ? i : undefined;
  }
  return undefined;
}

/**
 * A line of the answer's Markdown as text, links and bold: no HTML is ever made from it. A
 * backslash makes the character after it plain text (titles users wrote come escaped).
 */
export function parseInline(line: string): Piece[] {
  const out: Piece[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ kind: 'text', text });
    text = '';
  };
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (c === '\\' && i + 1 < line.length && MARKDOWN_ESCAPABLE.test(line[i + 1]!)) {
      text += line[i + 1];
      i += 2;
      continue;
    }
    if (c === '[') {
      const link = linkAt(line, i);
      if (link && link !== 'open') {
        const label = unescapeMarkdown(link.label);
        const safe = safeHref(link.href);
        if (safe) {
          flush();
          out.push({ kind: 'link', text: label, href: safe.href });
        } else text += label;
        i = link.end;
        continue;
      }
    }
    if (c === '*' && line[i + 1] === '*') {
      const end = boldEnd(line, i);
      if (end !== undefined) {
        flush();
        out.push({ kind: 'bold', text: unescapeMarkdown(line.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    }
    text += c;
    i += 1;
  }
  flush();
  return out;
}
