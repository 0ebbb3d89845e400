import { BarChart3, Download } from 'lucide-react';
import { ToggleGroup } from 'radix-ui';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  ANALYTICS_PERIODS,
  DEFAULT_PERIOD,
  PERIOD_LABELS,
  percentChange,
  VIEW_SOURCE_LABELS,
  type AnalyticsPeriod,
} from '../../../shared/analytics/analytics-rules';
import type { AnalyticsOverview, AnalyticsTotals } from '../../../shared/analytics/analytics';
import { formatCount, formatDuration } from '../../lib/format';
import { cn } from '../../lib/utils';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { Skeleton } from '../../ui/skeleton';
import { ChartFigure } from './chart-figure';
import { downloadCsv } from './csv';
import { LineChart, type ChartSeries } from './line-chart';
import { useAnalyticsOverview, useRetention } from './queries';

const isPeriod = (v: string | null): v is AnalyticsPeriod => !!v && (ANALYTICS_PERIODS as readonly string[]).includes(v);

const hours = (seconds: number) => seconds / 3600;
const formatHours = (h: number) => (h >= 10 ? h.toFixed(0) : h.toFixed(1));
const formatWhole = (v: number) => formatCount(Math.round(v));
const formatAmount = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(v < 1 ? 3 : 2));
const formatPercent = (v: number) => `${Math.round(v)}%`;
const daySeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/**
 * /studio/analytics: a creator's channel over 7, 28, 90 days or all time against the days before:
 * views and viewers, watch time, followers, earnings, where views come from, top content and each
 * video's audience retention. Every chart is also a table, and every table a CSV file.
 */
export default function AnalyticsScreen() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('period');
  const period: AnalyticsPeriod = isPeriod(asked) ? asked : DEFAULT_PERIOD;
  const query = useAnalyticsOverview(period);
  const choose = (p: AnalyticsPeriod) =>
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        next.set('period', p);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="flex w-full flex-col gap-6">
      {/* Inside the studio's frame, whose heading is the page's h1. */}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold tracking-tight">Analytics</h2>
          <p className="text-sm text-muted-foreground">How your videos, shorts and channel are doing. Your own views never count.</p>
        </div>
        <PeriodPicker period={period} onChange={choose} />
      </div>
      {query.isPending ? (
        <div role="status" aria-label="Loading analytics" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} aria-hidden className="h-24" />
          ))}
        </div>
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} title="Couldn’t load your analytics" />
      ) : (
        <Overview data={query.data} />
      )}
    </div>
  );
}

function PeriodPicker({ period, onChange }: { period: AnalyticsPeriod; onChange: (p: AnalyticsPeriod) => void }) {
  return (
    <ToggleGroup.Root
      type="single"
      value={period}
      onValueChange={(v) => isPeriod(v) && onChange(v)}
      aria-label="Period"
      className="grid grid-cols-4 items-center gap-1 rounded-lg border p-1 sm:inline-flex"
    >
      {ANALYTICS_PERIODS.map((p) => (
        <ToggleGroup.Item
          key={p}
          value={p}
          className={cn(
            'h-7 rounded-md px-3 text-xs font-medium whitespace-nowrap text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
            'data-[state=on]:bg-primary-solid data-[state=on]:text-primary-foreground',
          )}
        >
          {PERIOD_LABELS[p]}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}

function Overview({ data }: { data: AnalyticsOverview }) {
  const x = useMemo(() => data.days.map((d) => daySeconds(d.day)), [data.days]);
  const series = useMemo(() => {
    const pick = (f: (d: AnalyticsOverview['days'][number]) => number) => data.days.map(f);
    return {
      views: [
        { label: 'Views', values: pick((d) => d.views), color: '--primary' },
        { label: 'Unique viewers', values: pick((d) => d.viewers), color: '--success' },
      ] satisfies ChartSeries[],
      watch: [{ label: 'Watch time (hours)', values: pick((d) => hours(d.watchSeconds)), color: '--primary' }] satisfies ChartSeries[],
      followers: [
        { label: 'Gained', values: pick((d) => d.followersGained), color: '--primary' },
        { label: 'Lost', values: pick((d) => d.followersLost), color: '--destructive' },
      ] satisfies ChartSeries[],
      sol: [
        { label: 'Tips (SOL)', values: pick((d) => Number(d.tipsSol)), color: '--primary' },
        { label: 'Bounty rewards (SOL)', values: pick((d) => Number(d.bountySol)), color: '--success' },
      ] satisfies ChartSeries[],
      usdc: [{ label: 'Sales (USDC)', values: pick((d) => Number(d.salesUsdc)), color: '--primary' }] satisfies ChartSeries[],
    };
  }, [data.days]);
  const [retentionFor, setRetentionFor] = useState<string | null>(null);
  const retentionVideo = retentionFor ?? data.top[0]?.videoId ?? null;
  const range = `${data.from}_${data.to}`;
  const compared = data.previous ? `vs the ${data.days.length} days before` : null;
  const rows = data.days;

  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted-foreground">
        {data.from} to {data.to} (UTC days).{' '}
        {data.rolledUpAt ? `Counted up to ${new Date(data.rolledUpAt).toLocaleString()}; newer views arrive within minutes.` : 'Views arrive within minutes.'}
      </p>
      <Totals totals={data.totals} previous={data.previous?.totals ?? null} compared={compared} />

      <ChartFigure
        title="Views and unique viewers"
        description="Views count once per viewer every few hours, the same count your pages show."
        csvName={`views-${range}.csv`}
        header={['Day', 'Views', 'Unique viewers']}
        rows={rows.map((d) => [d.day, d.views, d.viewers])}
      >
        <LineChart x={x} series={series.views} xLabel="time" format={formatWhole} />
      </ChartFigure>

      <ChartFigure
        title="Watch time"
        description="Hours played, from the players’ reports every few seconds."
        csvName={`watch-time-${range}.csv`}
        header={['Day', 'Watch time (hours)', 'Average view duration (seconds)']}
        rows={rows.map((d) => [d.day, formatHours(hours(d.watchSeconds)), d.views ? Math.round(d.watchSeconds / d.views) : 0])}
      >
        <LineChart x={x} series={series.watch} xLabel="time" format={formatHours} />
      </ChartFigure>

      <RetentionFigure videoId={retentionVideo} period={data.period} />

      <div className="grid gap-6 lg:grid-cols-2">
        <SourcesTable data={data} range={range} />
        <ChartFigure
          title="Followers"
          description="Follows gained and lost each day."
          csvName={`followers-${range}.csv`}
          header={['Day', 'Gained', 'Lost']}
          rows={rows.map((d) => [d.day, d.followersGained, d.followersLost])}
        >
          <LineChart x={x} series={series.followers} xLabel="time" format={formatWhole} />
        </ChartFigure>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <ChartFigure
          title="Earnings in SOL"
          description="Tips and bounty rewards, on the day they were finalized on chain."
          csvName={`earnings-sol-${range}.csv`}
          header={['Day', 'Tips (SOL)', 'Bounty rewards (SOL)']}
          rows={rows.map((d) => [d.day, d.tipsSol, d.bountySol])}
        >
          <LineChart x={x} series={series.sol} xLabel="time" format={formatAmount} />
        </ChartFigure>
        <ChartFigure
          title="Sales in USDC"
          description="Pay-per-view sales over x402, on the day they settled."
          csvName={`sales-usdc-${range}.csv`}
          header={['Day', 'Sales (USDC)']}
          rows={rows.map((d) => [d.day, d.salesUsdc])}
        >
          <LineChart x={x} series={series.usdc} xLabel="time" format={formatAmount} />
        </ChartFigure>
      </div>

      <TopContent data={data} range={range} selected={retentionVideo} onRetention={setRetentionFor} />
      <EarningsTable data={data} range={range} />
    </div>
  );
}

const TOTALS: { key: keyof AnalyticsTotals; label: string; show: (t: AnalyticsTotals) => string; value: (t: AnalyticsTotals) => number }[] = [
  { key: 'views', label: 'Views', show: (t) => formatCount(t.views), value: (t) => t.views },
  { key: 'watchSeconds', label: 'Watch time (hours)', show: (t) => formatHours(hours(t.watchSeconds)), value: (t) => t.watchSeconds },
  { key: 'averageViewSeconds', label: 'Average view duration', show: (t) => formatDuration(t.averageViewSeconds), value: (t) => t.averageViewSeconds },
  {
    key: 'followersGained',
    label: 'Followers',
    show: (t) => `${t.followersGained - t.followersLost >= 0 ? '+' : ''}${t.followersGained - t.followersLost}`,
    value: (t) => t.followersGained - t.followersLost,
  },
  { key: 'tipsSol', label: 'Tips (SOL)', show: (t) => t.tipsSol, value: (t) => Number(t.tipsSol) },
  { key: 'bountySol', label: 'Bounty rewards (SOL)', show: (t) => t.bountySol, value: (t) => Number(t.bountySol) },
  { key: 'salesUsdc', label: 'Sales (USDC)', show: (t) => t.salesUsdc, value: (t) => Number(t.salesUsdc) },
];

function Totals({ totals, previous, compared }: { totals: AnalyticsTotals; previous: AnalyticsTotals | null; compared: string | null }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {TOTALS.map((t) => {
        const change = previous ? percentChange(t.value(totals), t.value(previous)) : null;
        return (
          <div key={t.key} className="rounded-xl border p-3">
            <dt className="text-xs font-medium text-muted-foreground">{t.label}</dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums">{t.show(totals)}</dd>
            {previous && compared ? (
              <dd className="mt-0.5 text-xs text-muted-foreground">
                {change === null ? `${t.show(previous)} before` : `${change > 0 ? '↑' : change < 0 ? '↓' : ''}${Math.abs(change)}% ${compared}`}
              </dd>
            ) : null}
          </div>
        );
      })}
    </dl>
  );
}

function SourcesTable({ data, range }: { data: AnalyticsOverview; range: string }) {
  const total = data.sources.reduce((a, s) => a + s.views, 0);
  const rows = data.sources
    .slice()
    .sort((a, b) => b.views - a.views)
    .map((s) => [VIEW_SOURCE_LABELS[s.source], s.views, total ? `${Math.round((s.views / total) * 100)}%` : '0%']);
  return (
    <ChartFigure
      title="Where views come from"
      description="The screen a viewer opened the video from."
      csvName={`sources-${range}.csv`}
      header={['Source', 'Views', 'Share']}
      rows={rows}
    >
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No views in this period yet.</p>
      ) : (
        <ul aria-hidden className="flex flex-col gap-2">
          {rows.map(([label, views]) => (
            <li key={String(label)} className="flex items-center gap-2 text-sm">
              <span className="w-40 shrink-0 truncate">{label}</span>
              <span className="h-2 rounded-full bg-primary" style={{ width: `${total ? (Number(views) / total) * 100 : 0}%` }} />
              <span className="tabular-nums text-muted-foreground">{views}</span>
            </li>
          ))}
        </ul>
      )}
    </ChartFigure>
  );
}

function RetentionFigure({ videoId, period }: { videoId: string | null; period: AnalyticsPeriod }) {
  const query = useRetention(videoId, period);
  const x = useMemo(() => query.data?.points.map((p) => p.percent) ?? [], [query.data]);
  const series = useMemo<ChartSeries[]>(
    () => [{ label: 'Still watching', values: query.data?.points.map((p) => p.share * 100) ?? [], color: '--primary' }],
    [query.data],
  );
  if (!videoId) {
    return (
      <section className="rounded-xl border p-4">
        <h2 className="font-semibold">Audience retention</h2>
        <EmptyState icon={BarChart3} title="No views in this period" description="Retention shows how much of a video its viewers watched." />
      </section>
    );
  }
  if (query.isPending) return <Skeleton role="status" aria-label="Loading retention" className="h-72" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} title="Couldn’t load the retention" />;
  const r = query.data;
  const at = (percent: number) => (r.durationSeconds ? formatDuration((percent / 100) * r.durationSeconds) : `${percent}%`);
  return (
    <ChartFigure
      title={`Audience retention: ${r.title}`}
      description={`The share of its ${formatCount(r.viewers)} viewers still watching at each point of the video.`}
      csvName={`retention-${r.videoId}-${period}.csv`}
      header={['Point of the video', 'Time', 'Still watching']}
      rows={r.points.map((p) => [`${p.percent}%`, at(p.percent), formatPercent(p.share * 100)])}
    >
      <LineChart x={x} series={series} xLabel="number" format={formatPercent} xFormat={(v) => `${v}%`} />
    </ChartFigure>
  );
}

function TopContent({
  data,
  range,
  selected,
  onRetention,
}: {
  data: AnalyticsOverview;
  range: string;
  selected: string | null;
  onRetention: (id: string) => void;
}) {
  const header = ['Title', 'Views', 'Watch time (hours)', 'Views on its page (all time)'];
  const rows = data.top.map((v) => [v.title, v.views, formatHours(hours(v.watchSeconds)), v.publicViews]);
  return (
    <section aria-labelledby="top-content-title" className="flex flex-col gap-3 rounded-xl border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id="top-content-title" className="font-semibold">
          Top content
        </h2>
        <Button variant="outline" size="sm" onClick={() => downloadCsv(`top-content-${range}.csv`, header, rows)} aria-label="Download Top content as CSV">
          <Download aria-hidden /> CSV
        </Button>
      </div>
      {data.top.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing watched in this period yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm tabular-nums">
            <caption className="sr-only">Top content</caption>
            <thead>
              <tr>
                {header.map((h) => (
                  <th key={h} scope="col" className="px-2 py-1 font-medium text-muted-foreground">
                    {h}
                  </th>
                ))}
                <th scope="col" className="px-2 py-1">
                  <span className="sr-only">Retention</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.top.map((v) => (
                <tr key={v.videoId} className="border-t">
                  <th scope="row" className="max-w-64 truncate px-2 py-1 font-normal">
                    {v.title}
                  </th>
                  <td className="px-2 py-1">{formatCount(v.views)}</td>
                  <td className="px-2 py-1">{formatHours(hours(v.watchSeconds))}</td>
                  <td className="px-2 py-1">{formatCount(v.publicViews)}</td>
                  <td className="px-2 py-1 text-right">
                    <Button
                      variant={selected === v.videoId ? 'secondary' : 'ghost'}
                      size="sm"
                      aria-pressed={selected === v.videoId}
                      onClick={() => onRetention(v.videoId)}
                    >
                      Retention<span className="sr-only"> of {v.title}</span>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const EARNING_KIND: Record<'tip' | 'bounty' | 'sale', string> = { tip: 'Tip', bounty: 'Bounty reward', sale: 'Sale' };

function EarningsTable({ data, range }: { data: AnalyticsOverview; range: string }) {
  const rows = data.earnings.map((e) => [e.day, EARNING_KIND[e.kind], e.itemTitle, `${e.amount} ${e.currency}`]);
  return (
    <ChartFigure
      title="Earnings by item"
      description="Each tip, bounty reward and sale of the period."
      csvName={`earnings-${range}.csv`}
      header={['Day', 'Kind', 'Item', 'Amount']}
      rows={rows}
    />
  );
}
