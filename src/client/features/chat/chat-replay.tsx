import { Coins, MessageSquare, Shield } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ChatReplay } from '../../../shared/chat/chat';
import { paths } from '../../../shared/platform/routes';
import { api } from '../../lib/api';
import { formatDuration } from '../../lib/format';
import { cn } from '../../lib/utils';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { VerificationBadge } from '../profiles/verification-badge';
import { useBlockedIds } from '../profiles/blocks';
import { ChatBody } from './chat-body';
import { appendReplay, replayNeed, shownAt, type ReplayBuffer } from './chat-replay-buffer';

const PLAYER_EVENTS = ['timeupdate', 'seeked', 'seeking', 'emptied'] as const;

/**
 * The page's player's position in seconds, followed as it plays and seeks. Media events do not
 * bubble, but the document sees them in their capture phase: one listener there follows the
 * player's video element whenever it is there, without looking for it.
 */
function usePlayerTime(): number {
  const [time, setTime] = useState(0);
  useEffect(() => {
    const update = (e: Event) => {
      const el = e.target;
      if (el instanceof HTMLVideoElement && el.closest('[data-testid="video-player"]')) setTime(el.currentTime);
    };
    for (const e of PLAYER_EVENTS) document.addEventListener(e, update, true);
    return () => {
      for (const e of PLAYER_EVENTS) document.removeEventListener(e, update, true);
    };
  }, []);
  return time;
}

/**
 * Beside a stream's replay: its live chat, message by message at the point of the replay where it
 * was sent, following the player as it plays and seeks. Deleted and purged messages are not there
 * (the server leaves them out). Nothing is drawn for a video that is no replay.
 */
export function ChatReplayPanel({ videoId, className }: { videoId: string; className?: string }) {
  const time = usePlayerTime();
  const [buffer, setBuffer] = useState<ReplayBuffer>();
  const [available, setAvailable] = useState<boolean>();
  const [failed, setFailed] = useState(false);
  const blocked = useBlockedIds();
  const listRef = useRef<HTMLDivElement>(null);

  const need = available === false ? { kind: 'none' as const } : replayNeed(buffer, time);
  const needKey = need.kind === 'none' ? null : `${need.kind}:${need.at}`;
  // One read at a time: a need that arises meanwhile (the player moved on) is met once it lands.
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  useEffect(() => {
    if (need.kind === 'none' || controller.current || failed) return;
    const ask = need;
    const current = new AbortController();
    controller.current = current;
    api<ChatReplay>(`/api/videos/${encodeURIComponent(videoId)}/chat-replay?at=${Math.floor(ask.at)}`, { signal: current.signal })
      .then((r) => {
        setAvailable(r.available);
        setFailed(false);
        setBuffer((old) => (ask.kind === 'append' && old ? appendReplay(old, r) : { from: Math.floor(ask.at), messages: r.messages, more: r.more }));
      })
      .catch(() => {
        if (!current.signal.aborted) setFailed(true);
      })
      .finally(() => {
        if (controller.current === current) controller.current = null;
      });
    // Asked again when the need changes or a read lands (the buffer changes).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needKey, videoId, buffer, failed]);

  const shown = shownAt(buffer, time).filter((m) => !blocked.has(m.author.id));
  const newest = shown.at(-1)?.id;
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [newest]);

  if (available === false) return null;
  return (
    <section
      aria-label="Chat replay"
      data-testid="chat-replay"
      className={cn('flex h-[28rem] min-h-0 flex-col overflow-hidden rounded-xl border bg-card', className)}
    >
      <header className="flex items-center gap-2 border-b px-4 py-3">
        <MessageSquare aria-hidden className="size-4 text-muted-foreground" />
        <h2 className="text-sm font-semibold">Chat replay</h2>
      </header>
      <div
        ref={listRef}
        className="min-h-0 flex-1 scrollbar-thin overflow-y-auto px-2 py-2"
        role="log"
        aria-live="off"
        aria-label="Chat messages as they were sent"
        tabIndex={0}
      >
        {failed ? (
          <div className="flex flex-col items-start gap-2 p-2">
            <p role="alert" className="text-sm text-destructive">
              Couldn’t load the chat replay.
            </p>
            <Button size="sm" variant="outline" onClick={() => setFailed(false)}>
              Try again
            </Button>
          </div>
        ) : shown.length === 0 ? (
          <p className="p-4 text-center text-xs text-muted-foreground">{buffer ? 'No messages yet at this point of the stream.' : 'Loading the chat…'}</p>
        ) : (
          <ol className="flex flex-col gap-1">
            {shown.map((m) => (
              <li
                key={m.id}
                data-testid="chat-replay-message"
                className={cn('rounded-md px-2 py-1 text-sm break-words', m.tipSol && 'border border-amber-400/60 bg-amber-400/15')}
              >
                {m.tipSol ? (
                  <span className="mb-0.5 flex items-center gap-1 text-xs font-semibold text-amber-700 dark:text-amber-300">
                    <Coins aria-hidden className="size-3.5" /> Tipped {m.tipSol} SOL
                  </span>
                ) : null}
                <span className="mr-1.5 text-xs text-muted-foreground tabular-nums">{formatDuration(m.at)}</span>
                <span className="mr-1.5 [&>*]:align-middle [&>*+*]:ml-1">
                  <Link to={paths.profile(m.author.username)} className="font-semibold hover:underline">
                    {m.author.displayName}
                  </Link>
                  <VerificationBadge type={m.author.verificationType} className="size-3.5" />
                  {m.channelModerator ? (
                    <Badge variant="cyan" className="gap-0.5 px-1.5 py-0 text-[10px]" title="Moderates this channel’s chat">
                      <Shield aria-hidden className="size-2.5" /> Mod
                    </Badge>
                  ) : null}
                </span>
                <ChatBody body={m.body} linksAllowed={m.linksAllowed} />
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
