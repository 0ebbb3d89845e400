import { useId } from 'react';
import type { StreamStats } from '../../../shared/live/streams';
import { formatCount } from '../../lib/format';
import { ErrorState } from '../../ui/error-state';
import { Skeleton } from '../../ui/skeleton';
import { StatFigure } from '../../ui/stat-figure';
import { ChartFigure } from './chart-figure';
import { LineChart } from './line-chart';
import { useStreamStats } from './queries';

const formatWhole = (v: number) => formatCount(Math.round(v));
const clock = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const minuteOf = (iso: string) => clock.format(new Date(iso));

type Minute = StreamStats['minutes'][number];
/** The two charts of a stream's minutes: what each counts, named for its table and CSV. */
const PER_MINUTE = [
  {
    name: 'viewers',
    title: 'Viewers',
    description: 'Watching at each minute of the stream.',
    column: 'Viewers',
    label: 'Viewers',
    color: '--primary',
    value: (m: Minute) => m.viewers,
  },
  {
    name: 'chat',
    title: 'Chat messages per minute',
    description: 'Messages sent in each minute; deleted ones are not counted.',
    column: 'Messages',
    label: 'Chat messages',
    color: '--success',
    value: (m: Minute) => m.chatMessages,
  },
] as const;

/**
 * How a stream the creator is managing did (or is doing, while live): its peak and average
 * viewers, chat messages and tips, then viewers and chat minute by minute as charts (each also a
 * table and a CSV file), and the tips it got. Shown once the stream has gone live.
 */
export function StreamStats({ streamId, live }: { streamId: string; live: boolean }) {
  const query = useStreamStats(streamId, live);
  const heading = useId();
  const title = live ? 'How it is going' : 'How it went';
  if (query.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading how the stream did" className="flex flex-col gap-3">
        <Skeleton className="h-24 w-full rounded-xl" />
        <Skeleton className="h-64 w-full rounded-xl" />
      </div>
    );
  }
  if (query.isError) return <ErrorState compact error={query.error} onRetry={() => void query.refetch()} title="Couldn’t load how the stream did" />;
  const stats = query.data;
  const x = stats.minutes.map((m) => Date.parse(m.at) / 1000);
  return (
    <>
      <section aria-labelledby={heading} className="flex flex-col gap-3 rounded-xl border bg-card p-4" data-testid="stream-stats">
        <h2 id={heading} className="font-semibold">
          {title}
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <StatFigure label="Peak viewers" value={formatCount(stats.peakViewers)} />
          <StatFigure label="Average viewers" value={String(stats.averageViewers)} />
          <StatFigure label="Chat messages" value={formatCount(stats.chatMessages)} />
          <StatFigure label="Tips" value={`${stats.tipsSol} SOL`} />
        </dl>
      </section>
      <div className="grid gap-4 xl:grid-cols-2">
        {PER_MINUTE.map((chart) => (
          <ChartFigure
            key={chart.name}
            title={chart.title}
            description={chart.description}
            csvName={`stream-${chart.name}-${streamId}.csv`}
            header={['Minute', chart.column]}
            rows={stats.minutes.map((m) => [minuteOf(m.at), chart.value(m)])}
          >
            <LineChart x={x} series={[{ label: chart.label, values: stats.minutes.map(chart.value), color: chart.color }]} xLabel="time" format={formatWhole} />
          </ChartFigure>
        ))}
      </div>
      {stats.tips.length ? (
        <ChartFigure
          title="Tips during the stream"
          description="Verified on chain; the time is when each was sent."
          csvName={`stream-tips-${streamId}.csv`}
          header={['Time', 'From', 'SOL', 'Message']}
          rows={stats.tips.map((t) => [minuteOf(t.at), t.from ? `@${t.from.username}` : 'Someone', t.sol, t.message])}
        />
      ) : (
        <p className="rounded-xl border p-4 text-sm text-muted-foreground">No tips during this stream{live ? ' yet' : ''}.</p>
      )}
    </>
  );
}
