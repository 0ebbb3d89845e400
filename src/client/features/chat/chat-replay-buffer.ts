import { CHAT_REPLAY_BEFORE, type ChatReplayMessage } from '../../../shared/chat/chat';

/**
 * The replay chat's messages loaded so far and the stretch of the replay they cover: from `from`
 * (where they were asked for; what was said before it is there only in part) to the last message's
 * position, or to the end when nothing more comes.
 */
export interface ReplayBuffer {
  from: number;
  messages: ChatReplayMessage[];
  more: boolean;
}

/** Seconds before the last loaded message at which the next ones are asked for. */
export const REPLAY_AHEAD = 30;

/**
 * What the buffer needs for the player at `t`: nothing, the next messages after its last one
 * (`append`), or a fresh read at `t` (`replace`: a seek outside what it covers).
 */
export function replayNeed(buffer: ReplayBuffer | undefined, t: number): { kind: 'none' } | { kind: 'append' | 'replace'; at: number } {
  if (!buffer) return { kind: 'replace', at: t };
  const last = buffer.messages.at(-1)?.at ?? buffer.from;
  if (t < buffer.from && buffer.from > 0) return { kind: 'replace', at: t };
  if (!buffer.more) return { kind: 'none' };
  if (t > last + REPLAY_AHEAD) return { kind: 'replace', at: t };
  if (t > last - REPLAY_AHEAD) return { kind: 'append', at: last };
  return { kind: 'none' };
}

/** The buffer with the next messages read at its last position (each message once). */
export function appendReplay(buffer: ReplayBuffer, next: { messages: ChatReplayMessage[]; more: boolean }): ReplayBuffer {
  const seen = new Set(buffer.messages.map((m) => m.id));
  return { ...buffer, messages: [...buffer.messages, ...next.messages.filter((m) => !seen.has(m.id))], more: next.more };
}

/** The messages the panel shows at `t`: those sent up to that point of the replay, the newest last. */
export function shownAt(buffer: ReplayBuffer | undefined, t: number): ChatReplayMessage[] {
  if (!buffer) return [];
  let end = 0;
  while (end < buffer.messages.length && buffer.messages[end]!.at <= t) end++;
  return buffer.messages.slice(Math.max(0, end - CHAT_REPLAY_BEFORE), end);
}
