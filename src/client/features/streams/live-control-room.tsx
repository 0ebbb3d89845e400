import { Activity, Eye, Radio, TrendingUp } from 'lucide-react';
import { useId, useState } from 'react';
import { HEALTH_STALE_MS, streamHealthVerdict, type StreamHealth, type StreamHealthVerdict } from '../../../shared/live/stream-rules';
import type { StreamDetail } from '../../../shared/live/streams';
import { formatCount } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { Badge } from '../../ui/badge';
import { StatFigure } from '../../ui/stat-figure';
import { ChatPanel } from '../chat/chat-panel';
import { useRealtimeEvent } from '../realtime/realtime-provider';
import { LivePlayer } from './live-player';
import { liveFor } from './stream-card';

const number = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
const speed = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The creator's view of their stream while it is live: the stream as viewers get it, how many
 * watch now and at most, how it arrives from their encoder, and the chat with its moderation
 * (tips show in the chat, highlighted, as they arrive).
 */
export function LiveControlRoom({ stream }: { stream: StreamDetail }) {
  const heading = useId();
  return (
    <section aria-labelledby={heading} className="flex flex-col gap-4 rounded-xl border bg-card p-4" data-testid="live-control-room">
      <h2 id={heading} className="font-semibold">
        Live now
      </h2>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="flex min-w-0 flex-col gap-4">
          {stream.hlsUrl ? (
            <LivePlayer key={stream.hlsUrl} src={stream.hlsUrl} viewers={stream.viewerCount} title={stream.title} />
          ) : (
            <div className="flex aspect-video flex-col items-center justify-center gap-2 rounded-xl bg-black p-4 text-center text-sm text-white">
              <Radio aria-hidden className="size-8" />
              Waiting for your stream: it plays here as soon as media arrives.
            </div>
          )}
          <dl className="grid grid-cols-3 gap-3 text-sm" data-testid="live-figures">
            <StatFigure icon={<Eye aria-hidden className="size-4" />} label="Watching now" value={formatCount(stream.viewerCount)} />
            <StatFigure icon={<TrendingUp aria-hidden className="size-4" />} label="Peak" value={formatCount(stream.peakViewers)} />
            {stream.startedAt ? <LiveFor startedAt={stream.startedAt} /> : null}
          </dl>
          <StreamHealthPanel streamId={stream.id} />
        </div>
        <ChatPanel stream={stream} className="h-[min(70vh,560px)]" />
      </div>
    </section>
  );
}

/** How long it has been live, ticking every second. */
function LiveFor({ startedAt }: { startedAt: string }) {
  const now = useNow(1000);
  return <StatFigure label="Live for" value={liveFor(startedAt, now)} />;
}

const VERDICT_BADGE: Record<StreamHealthVerdict, 'success' | 'amber' | 'live'> = {
  good: 'success',
  unsteady: 'amber',
  behind: 'live',
  'no-data': 'live',
};

/**
 * How the stream arrives and is encoded, from the ingest's reports (realtime `stream.health`, to
 * the creator only): a verdict with what to do about it, then the figures it comes from.
 */
export function StreamHealthPanel({ streamId }: { streamId: string }) {
  const heading = useId();
  const [last, setLast] = useState<{ health: StreamHealth; receivedAt: number } | null>(null);
  useRealtimeEvent('stream.health', (health) => {
    if (health.streamId === streamId) setLast({ health, receivedAt: Date.now() });
  });
  const now = useNow(2000);
  const stale = !!last && now - last.receivedAt > HEALTH_STALE_MS;
  const health = last && !stale ? last.health : null;
  // Before the first report there is no verdict yet; a report gone stale is one of no data.
  const verdict = last ? streamHealthVerdict(health) : null;

  return (
    <section
      aria-labelledby={heading}
      className="flex flex-col gap-3 rounded-lg border p-3"
      data-testid="stream-health"
      data-verdict={verdict?.verdict ?? 'waiting'}
    >
      <h3 id={heading} className="flex items-center gap-2 text-sm font-semibold">
        <Activity aria-hidden className="size-4" /> Stream health
      </h3>
      <div aria-live="polite" className="flex flex-col gap-1 text-sm">
        {verdict ? (
          <>
            <Badge variant={VERDICT_BADGE[verdict.verdict]} className="self-start">
              {verdict.label}
            </Badge>
            <p className="text-muted-foreground">{verdict.advice}</p>
          </>
        ) : (
          <p className="text-muted-foreground">Waiting for the first report from the server that receives your stream…</p>
        )}
      </div>
      {health ? (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
          <HealthFigure term="Bitrate in" value={`${number.format(health.inputKbps)} kbps`} />
          <HealthFigure term="Frame rate" value={`${number.format(health.fps)} fps`} />
          <HealthFigure term="Encoding speed" value={`${speed.format(health.speed)}×`} />
          <HealthFigure term="Dropped / repeated" value={`${number.format(health.droppedFrames)} / ${number.format(health.duplicatedFrames)}`} />
        </dl>
      ) : null}
    </section>
  );
}

function HealthFigure({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}
