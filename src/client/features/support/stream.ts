import type { SupportMessage } from '../../../shared/support/support';
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
