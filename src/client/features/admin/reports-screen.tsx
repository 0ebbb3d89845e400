import { ArrowLeft, Flag, Gavel, History, Inbox } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { AUDIT_ACTION_LABELS, REPORT_REASON_LABELS, type ReportQueueEntry, type ReportTarget, type ReportView } from '../../../shared/moderation/moderation';
import { timeAgo } from '../../lib/time';
import { formatDateTime } from '../../lib/format';
import { useMediaQuery } from '../../lib/use-media-query';
import { useNow } from '../../lib/use-now';
import { cn } from '../../lib/utils';
import { DecisionForm, ItemInPlace, ItemSummary } from '../moderation/moderated-item';
import { useReportCase, useReportQueue, type QueueSort } from '../moderation/queries';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { Skeleton } from '../../ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';
import { StaffScreen } from './staff-screen';

type Selected = { type: ReportTarget; id: string };
const WIDE = '(min-width: 1024px)';

/**
 * /admin/reports (moderators and admins): reported items, newest or most reported first; one
 * opens in place with its reports and history, and a decision closes all its reports at once.
 */
export default function ReportsScreen() {
  return (
    <StaffScreen
      icon={<Flag aria-hidden />}
      title="Reports"
      description="Reports about content and users, waiting for a decision."
      sibling={{ to: '/admin/moderation', icon: <Gavel aria-hidden />, label: 'Moderation' }}
    >
      <Queue />
    </StaffScreen>
  );
}

function Queue() {
  const [sort, setSort] = useState<QueueSort>('newest');
  const [selected, setSelected] = useState<Selected | null>(null);
  const queue = useReportQueue(sort);
  const wide = useMediaQuery(WIDE);
  const now = useNow(30_000);
  const entries = queue.data ?? [];
  // On a wide screen the first item is open until another is picked, and the next one after a decision.
  const first = entries[0];
  const shown = selected ?? (wide && first ? { type: first.item.targetType, id: first.item.targetId } : null);
  const current = shown ? entries.find((e) => e.item.targetType === shown.type && e.item.targetId === shown.id) : undefined;

  const next = () => {
    const i = entries.findIndex((e) => e === current);
    const after = entries[i + 1] ?? entries[i - 1];
    setSelected(wide && after ? { type: after.item.targetType, id: after.item.targetId } : null);
  };

  const list = (
    <div className="flex min-w-0 flex-col gap-3">
      <Tabs value={sort} onValueChange={(v) => setSort(v as QueueSort)} className="contents">
        <TabsList aria-label="Order">
          <TabsTrigger value="newest">Newest</TabsTrigger>
          <TabsTrigger value="most_reported">Most reported</TabsTrigger>
        </TabsList>
        <TabsContent value={sort}>
          {queue.isPending ? (
            <div className="flex flex-col gap-2" role="status" aria-busy="true" aria-label="Loading reports">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-20 w-full rounded-xl" />
              ))}
            </div>
          ) : queue.isError ? (
            <ErrorState compact error={queue.error} onRetry={() => void queue.refetch()} title="Couldn’t load the reports" />
          ) : entries.length === 0 ? (
            <EmptyState compact icon={Inbox} title="No reports waiting" description="Everything reported has been decided. New reports show up here." />
          ) : (
            <ul aria-label="Reported items" className="flex flex-col gap-2" data-testid="report-queue">
              {entries.map((e) => (
                <QueueRow
                  key={`${e.item.targetType}:${e.item.targetId}`}
                  entry={e}
                  now={now}
                  active={e === current}
                  onOpen={() => setSelected({ type: e.item.targetType, id: e.item.targetId })}
                />
              ))}
            </ul>
          )}
        </TabsContent>
      </Tabs>
    </div>
  );

  if (!wide) {
    // On a phone: the list, or one item with a way back.
    return shown ? (
      <div className="flex flex-col gap-4">
        <Button variant="ghost" size="sm" className="w-fit" onClick={() => setSelected(null)}>
          <ArrowLeft aria-hidden /> All reports
        </Button>
        <CaseView selected={shown} onDecided={next} />
      </div>
    ) : (
      list
    );
  }
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
      {list}
      {shown ? (
        <CaseView selected={shown} onDecided={next} />
      ) : (
        <EmptyState compact icon={Flag} title="Pick a report" description="Its item opens here with every report of it and its history." />
      )}
    </div>
  );
}

function QueueRow({ entry, now, active, onOpen }: { entry: ReportQueueEntry; now: number; active: boolean; onOpen: () => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        aria-current={active ? 'true' : undefined}
        data-testid="report-entry"
        className={cn(
          'flex w-full items-start gap-3 rounded-xl border p-3 text-left transition-colors outline-none hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring',
          active && 'border-primary bg-primary/5',
        )}
      >
        <ItemSummary item={entry.item}>
          <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
            <Badge variant="secondary">
              {entry.count} report{entry.count === 1 ? '' : 's'}
            </Badge>
            {entry.reasons.slice(0, 2).map((r) => (
              <span key={r.reason}>{REPORT_REASON_LABELS[r.reason]}</span>
            ))}
            <span>·</span>
            <time dateTime={entry.lastReportedAt} title={formatDateTime(entry.lastReportedAt)}>
              {timeAgo(entry.lastReportedAt, now)}
            </time>
          </span>
        </ItemSummary>
      </button>
    </li>
  );
}

function CaseView({ selected, onDecided }: { selected: Selected; onDecided: () => void }) {
  const kase = useReportCase(selected);
  const now = useNow(30_000);
  const heading = useRef<HTMLHeadingElement>(null);
  // Keyboard and screen-reader users land on the item they opened.
  useEffect(() => heading.current?.focus(), [selected.type, selected.id]);

  if (kase.isPending) {
    return (
      <div className="flex flex-col gap-3" role="status" aria-busy="true" aria-label="Loading the report">
        <Skeleton className="aspect-video w-full rounded-xl" />
        <Skeleton className="h-6 w-2/3" />
      </div>
    );
  }
  if (kase.isError) return <ErrorState compact error={kase.error} onRetry={() => void kase.refetch()} title="Couldn’t load this report" />;
  const { item, open, earlier, history } = kase.data;
  const counts = new Map<string, number>();
  for (const r of open) counts.set(r.reason, (counts.get(r.reason) ?? 0) + 1);
  const top = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] as ReportView['reason'] | undefined;

  return (
    <article className="flex min-w-0 flex-col gap-6 rounded-xl border bg-card p-4 sm:p-5" aria-labelledby="case-heading" data-testid="report-case">
      <h2 id="case-heading" ref={heading} tabIndex={-1} className="sr-only outline-none">
        Reports of {item.title}
      </h2>
      <ItemInPlace item={item} />
      {open.length ? (
        <DecisionForm key={`${item.targetType}:${item.targetId}`} item={item} fromReports defaultReason={top} onDecided={onDecided} />
      ) : (
        <p className="rounded-lg border border-dashed p-3 text-sm text-muted-foreground">These reports were already decided.</p>
      )}
      <ReportList title={`Open reports (${open.length})`} reports={open} now={now} />
      {earlier.length ? <ReportList title={`Earlier reports (${earlier.length})`} reports={earlier} now={now} /> : null}
      <section aria-labelledby="case-history" className="flex flex-col gap-2">
        <h3 id="case-history" className="flex items-center gap-2 text-sm font-semibold">
          <History aria-hidden className="size-4" /> History of the item and its owner
        </h3>
        {history.length === 0 ? (
          <p className="text-sm text-muted-foreground">No earlier actions.</p>
        ) : (
          <ul className="flex flex-col divide-y text-sm">
            {history.map((h) => (
              <li key={h.id} className="flex flex-wrap items-baseline gap-x-2 py-2">
                <span className="font-medium">{AUDIT_ACTION_LABELS[h.action] ?? h.action}</span>
                <span className="text-muted-foreground">{h.targetType === 'user' ? 'the owner' : 'this item'}</span>
                <span className="text-muted-foreground">by {h.actor ? `@${h.actor.username}` : 'the system'}</span>
                <time dateTime={h.createdAt} title={formatDateTime(h.createdAt)} className="text-xs text-muted-foreground">
                  {timeAgo(h.createdAt, now)}
                </time>
                {h.reason ? <span className="w-full text-xs break-words text-muted-foreground">“{h.reason}”</span> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}

function ReportList({ title, reports, now }: { title: string; reports: ReportView[]; now: number }) {
  return (
    <section className="flex flex-col gap-2" aria-label={title}>
      <h3 className="text-sm font-semibold">{title}</h3>
      <ul className="flex flex-col divide-y text-sm">
        {reports.map((r) => (
          <li key={r.id} className="flex flex-col gap-0.5 py-2" data-testid="report">
            <span className="flex flex-wrap items-center gap-x-2">
              <Badge variant="outline">{REPORT_REASON_LABELS[r.reason]}</Badge>
              <span className="text-muted-foreground">by {r.reporter ? `@${r.reporter.username}` : 'a deleted account'}</span>
              <time dateTime={r.createdAt} title={formatDateTime(r.createdAt)} className="text-xs text-muted-foreground">
                {timeAgo(r.createdAt, now)}
              </time>
              {r.status !== 'open' ? <Badge variant="secondary">{r.status === 'dismissed' ? 'Dismissed' : 'Actioned'}</Badge> : null}
            </span>
            {r.details ? <p className={cn('text-sm break-words whitespace-pre-line')}>{r.details}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
