import { ArrowDown, ArrowUp, Captions, Check, ChevronLeft, ChevronRight, Clapperboard, Pencil, Search, Trash2, X } from 'lucide-react';
import { lazy, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CATEGORIES } from '../../../shared/categories/categories';
import { paths } from '../../../shared/platform/routes';
import {
  CONTENT_KINDS,
  CONTENT_STATUSES,
  CONTENT_TEXT_MAX,
  contentQueryParams,
  KIND_LABELS,
  parseContentQuery,
  sortBy,
  STATUS_LABELS,
  VISIBILITY_LABELS,
  type ContentQuery,
  type ContentSort,
} from '../../../shared/studio/studio-rules';
import type { ContentRow } from '../../../shared/studio/studio';
import { TITLE_MAX, VISIBILITIES, type Visibility } from '../../../shared/videos/video-rules';
import { categoryName, formatCount, formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { cn } from '../../lib/utils';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { LazyDialog } from '../../ui/lazy-dialog';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { Input } from '../../ui/input';
import { Skeleton } from '../../ui/skeleton';
import { useSession } from '../auth/session';
import { useBulkAction, useDeleteContentRow, useEditContentRow, useStudioContent, type RowEdit } from './queries';

const selectClass =
  'h-9 rounded-md border border-input bg-background/60 px-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 disabled:opacity-50';

/** Where a row leads: its watch page, or for a stream the studio's page of it. */
function rowLink(row: ContentRow, username: string): string {
  if (row.kind === 'stream') return `/studio/streams/${row.id}`;
  if (row.kind === 'video') return paths.video({ id: row.id, username, title: row.title });
  return `/shorts/${username}/${row.slug || 'short'}/${row.id}`;
}

/** The Creator Studio's Content tab: every video, short, clip and stream of the creator, sorted, filtered, paged, edited in place. */
export default function ContentScreen() {
  const [params, setParams] = useSearchParams();
  const query = parseContentQuery(params);
  const go = (next: ContentQuery) => setParams(contentQueryParams(next), { replace: false });
  const { data, error, isPending, isFetching, refetch } = useStudioContent(query);
  const { user } = useSession();
  // The selection belongs to the view it was made in: a new view (filter, sort, page) starts with
  // nothing selected, since what was selected is out of sight.
  const viewKey = params.toString();
  const [selection, setSelection] = useState<{ view: string; rows: Map<string, ContentRow> }>({ view: viewKey, rows: new Map() });
  const selected = selection.view === viewKey ? selection.rows : new Map<string, ContentRow>();
  const setSelected = (next: Map<string, ContentRow> | ((s: Map<string, ContentRow>) => Map<string, ContentRow>)) =>
    setSelection((s) => ({ view: viewKey, rows: typeof next === 'function' ? next(s.view === viewKey ? s.rows : new Map()) : next }));

  const rows = data?.items ?? [];
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const toggle = (row: ContentRow) =>
    setSelected((s) => {
      const next = new Map(s);
      if (next.has(row.id)) next.delete(row.id);
      else next.set(row.id, row);
      return next;
    });

  return (
    <div className="flex flex-col gap-4">
      <Filters query={query} onChange={go} />
      {selected.size > 0 ? <BulkBar selected={[...selected.values()]} onDone={() => setSelected(new Map())} /> : null}
      {error && !data ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : isPending ? (
        <div role="status" aria-label="Loading your content" className="flex flex-col gap-2">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} aria-hidden className="h-14 w-full" />
          ))}
        </div>
      ) : rows.length === 0 ? (
        <EmptyState
          icon={Clapperboard}
          title={data?.total === 0 && !params.toString() ? 'Nothing here yet' : 'Nothing matches these filters'}
          description={data?.total === 0 && !params.toString() ? 'Upload a video or short, or schedule a stream: it shows up here.' : 'Try other filters.'}
          action={
            params.toString() ? (
              <Button variant="outline" onClick={() => setParams(new URLSearchParams())}>
                Clear filters
              </Button>
            ) : (
              <Button asChild>
                <Link to="/submit">Create Content</Link>
              </Button>
            )
          }
        />
      ) : (
        <div className={cn('overflow-x-auto rounded-xl border transition-opacity', isFetching && 'opacity-70')}>
          <table className="w-full min-w-[960px] text-sm" aria-label="Your content" aria-busy={isFetching}>
            <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="w-10 px-3 py-2">
                  <input
                    type="checkbox"
                    aria-label="Select all on this page"
                    checked={allSelected}
                    onChange={() => setSelected(allSelected ? new Map() : new Map(rows.map((r) => [r.id, r])))}
                    className="size-4 accent-primary"
                  />
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Title
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Status
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Visibility
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Category
                </th>
                <SortHeader query={query} sort="date" label="Date" onSort={go} />
                <SortHeader query={query} sort="views" label="Views" onSort={go} numeric />
                <SortHeader query={query} sort="likes" label="Likes" onSort={go} numeric />
                <SortHeader query={query} sort="comments" label="Comments" onSort={go} numeric />
                <SortHeader query={query} sort="earnings" label="Earnings" onSort={go} numeric />
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <ContentTableRow key={row.id} row={row} username={user?.username ?? ''} selected={selected.has(row.id)} onSelect={() => toggle(row)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.total > 0 ? (
        <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm text-muted-foreground">
          <span>
            {data.total} {data.total === 1 ? 'item' : 'items'} · Page {query.page} of {pages}
          </span>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" disabled={query.page <= 1} onClick={() => go({ ...query, page: query.page - 1 })}>
              <ChevronLeft aria-hidden /> Previous
            </Button>
            <Button variant="outline" size="sm" disabled={query.page >= pages} onClick={() => go({ ...query, page: query.page + 1 })}>
              Next <ChevronRight aria-hidden />
            </Button>
          </div>
        </nav>
      ) : null}
    </div>
  );
}

function Filters({ query, onChange }: { query: ContentQuery; onChange: (q: ContentQuery) => void }) {
  const pick = (field: 'kind' | 'status' | 'visibility', value: string) => onChange({ ...query, [field]: value || undefined, page: 1 });
  return (
    <div className="flex flex-wrap items-end gap-2" role="search" aria-label="Filter your content">
      {/* Keyed by the address's words: going back or forward shows that view's words in the box. */}
      <TitleSearch key={query.q ?? ''} initial={query.q ?? ''} onSearch={(q) => onChange({ ...query, q: q || undefined, page: 1 })} />
      <FilterSelect label="Type" value={query.kind ?? ''} onChange={(v) => pick('kind', v)} options={CONTENT_KINDS.map((k) => [k, KIND_LABELS[k]])} />
      <FilterSelect
        label="Status"
        value={query.status ?? ''}
        onChange={(v) => pick('status', v)}
        options={CONTENT_STATUSES.map((s) => [s, STATUS_LABELS[s]])}
      />
      <FilterSelect
        label="Visibility"
        value={query.visibility ?? ''}
        onChange={(v) => pick('visibility', v)}
        options={VISIBILITIES.map((v) => [v, VISIBILITY_LABELS[v]])}
      />
    </div>
  );
}

function TitleSearch({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [text, setText] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form onSubmit={submit} className="flex min-w-56 flex-1 gap-2">
      <label htmlFor={id} className="sr-only">
        Search titles
      </label>
      <Input id={id} type="search" placeholder="Search titles" value={text} onChange={(e) => setText(e.target.value)} maxLength={CONTENT_TEXT_MAX} />
      <Button type="submit" variant="outline" size="icon" aria-label="Search">
        <Search aria-hidden />
      </Button>
    </form>
  );
}

function FilterSelect({ label, value, onChange, options }: { label: string; value: string; onChange: (v: string) => void; options: [string, string][] }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </label>
      <select id={id} className={selectClass} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">All</option>
        {options.map(([v, name]) => (
          <option key={v} value={v}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}

function SortHeader({
  query,
  sort,
  label,
  onSort,
  numeric,
}: {
  query: ContentQuery;
  sort: ContentSort;
  label: string;
  onSort: (q: ContentQuery) => void;
  numeric?: boolean;
}) {
  const active = query.sort === sort;
  return (
    <th scope="col" aria-sort={active ? (query.order === 'asc' ? 'ascending' : 'descending') : 'none'} className={cn('px-3 py-2', numeric && 'text-right')}>
      <button
        type="button"
        onClick={() => onSort(sortBy(query, sort))}
        className={cn(
          'inline-flex items-center gap-1 rounded font-medium outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
          active && 'text-foreground',
        )}
      >
        {label}
        {active ? query.order === 'asc' ? <ArrowUp aria-hidden className="size-3" /> : <ArrowDown aria-hidden className="size-3" /> : null}
      </button>
    </th>
  );
}

const earningsText = (e: ContentRow['earnings']) => {
  const parts = [e.sol !== '0' ? `${e.sol} SOL` : null, e.usdc !== '0' ? `${e.usdc} USDC` : null].filter(Boolean);
  return parts.length ? parts.join(' · ') : '—';
};

function ContentTableRow({ row, username, selected, onSelect }: { row: ContentRow; username: string; selected: boolean; onSelect: () => void }) {
  const edit = useEditContentRow();
  const remove = useDeleteContentRow();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [captioning, setCaptioning] = useState(false);
  const isVideo = row.kind !== 'stream';
  const held = row.status === 'removed';
  const save = (change: RowEdit, done?: () => void) =>
    edit.mutate(
      { id: row.id, edit: change },
      {
        onSuccess: () => {
          done?.();
          toast.success('Saved');
        },
        onError: (e) => toast.error('Could not save', { description: e.message }),
      },
    );
  const link = rowLink(row, username);
  return (
    <tr className={cn('border-t align-middle', selected && 'bg-primary/5')} data-row={row.id}>
      <td className="px-3 py-2">
        <input type="checkbox" aria-label={`Select “${row.title}”`} checked={selected} onChange={onSelect} className="size-4 accent-primary" />
      </td>
      <td className="max-w-80 px-3 py-2">
        {editing ? (
          <TitleEditor row={row} pending={edit.isPending} onCancel={() => setEditing(false)} onSave={(title) => save({ title }, () => setEditing(false))} />
        ) : (
          <div className="flex items-center gap-2">
            <div className="flex min-w-0 flex-col">
              <Link to={link} className="truncate font-medium outline-none hover:underline focus-visible:underline">
                {row.title}
              </Link>
              <span className="text-xs text-muted-foreground">
                {KIND_LABELS[row.kind]}
                {row.priceUsdc ? ` · ${row.priceUsdc} USDC` : ''}
              </span>
            </div>
            {isVideo && !held ? (
              <Button variant="ghost" size="icon-sm" aria-label={`Edit title of “${row.title}”`} onClick={() => setEditing(true)}>
                <Pencil aria-hidden />
              </Button>
            ) : null}
          </div>
        )}
      </td>
      <td className="px-3 py-2">
        <Badge variant={row.status === 'live' ? 'live' : row.status === 'removed' || row.status === 'failed' ? 'amber' : 'secondary'}>
          {STATUS_LABELS[row.status]}
        </Badge>
      </td>
      <td className="px-3 py-2">
        {isVideo && !held ? (
          <select
            aria-label={`Visibility of “${row.title}”`}
            className={selectClass}
            value={row.visibility}
            disabled={edit.isPending}
            onChange={(e) => save({ visibility: e.target.value as Visibility })}
          >
            {VISIBILITIES.map((v) => (
              <option key={v} value={v}>
                {VISIBILITY_LABELS[v]}
              </option>
            ))}
          </select>
        ) : (
          <span className="text-muted-foreground">{isVideo ? VISIBILITY_LABELS[row.visibility] : 'Public'}</span>
        )}
      </td>
      <td className="px-3 py-2">
        {isVideo && !held ? (
          <select
            aria-label={`Category of “${row.title}”`}
            className={cn(selectClass, 'max-w-44')}
            value={row.category}
            disabled={edit.isPending}
            onChange={(e) => save({ category: e.target.value })}
          >
            {CATEGORIES.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        ) : (
          <span>{categoryName(row.category)}</span>
        )}
      </td>
      <td className="px-3 py-2 whitespace-nowrap text-muted-foreground">
        <time dateTime={row.date}>{formatDateTime(row.date)}</time>
      </td>
      <Num>{formatCount(row.views)}</Num>
      <Num>{row.likes === null ? '—' : formatCount(row.likes)}</Num>
      <Num>{row.comments === null ? '—' : formatCount(row.comments)}</Num>
      <Num>{earningsText(row.earnings)}</Num>
      <td className="px-3 py-2 text-right">
        {isVideo ? (
          <>
            {!held ? (
              <Button variant="ghost" size="icon-sm" aria-label={`Captions of “${row.title}”`} onClick={() => setCaptioning(true)}>
                <Captions aria-hidden />
              </Button>
            ) : null}
            <LazyDialog
              open={captioning}
              onOpenChange={setCaptioning}
              title="Captions"
              description={`Subtitle files of “${row.title}”, one per language.`}
              loading="Loading the captions"
              className="max-w-xl"
            >
              <StudioCaptions videoId={row.id} />
            </LazyDialog>
            <Button variant="ghost" size="icon-sm" aria-label={`Delete “${row.title}”`} onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden />
            </Button>
            <ConfirmDialog
              open={confirming}
              onOpenChange={setConfirming}
              title={`Delete “${row.title}”?`}
              description="It is deleted for good, with its media. This cannot be undone."
              confirmLabel="Delete"
              pendingLabel="Deleting…"
              pending={remove.isPending}
              onConfirm={() =>
                remove.mutate(row.id, {
                  onSuccess: () => {
                    setConfirming(false);
                    toast.success('Deleted');
                  },
                  onError: (e) => toast.error('Could not delete', { description: e.message }),
                })
              }
            />
          </>
        ) : (
          <Button variant="ghost" size="sm" asChild>
            <Link to={link}>Manage</Link>
          </Button>
        )}
      </td>
    </tr>
  );
}

const Num = ({ children }: { children: ReactNode }) => <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{children}</td>;

function TitleEditor({ row, pending, onSave, onCancel }: { row: ContentRow; pending: boolean; onSave: (title: string) => void; onCancel: () => void }) {
  const [title, setTitle] = useState(row.title);
  const trimmed = title.trim();
  return (
    <form
      className="flex items-center gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        if (trimmed && trimmed !== row.title) onSave(trimmed);
        else onCancel();
      }}
    >
      <Input
        aria-label={`Title of “${row.title}”`}
        value={title}
        maxLength={TITLE_MAX}
        autoFocus
        onChange={(e) => setTitle(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onCancel();
        }}
        className="h-8"
      />
      <Button type="submit" variant="ghost" size="icon-sm" aria-label="Save title" disabled={pending || !trimmed}>
        <Check aria-hidden />
      </Button>
      <Button type="button" variant="ghost" size="icon-sm" aria-label="Cancel" onClick={onCancel}>
        <X aria-hidden />
      </Button>
    </form>
  );
}

/** What to do with the selected rows: move them to a category, or delete them; each item's outcome is told. */
function BulkBar({ selected, onDone }: { selected: ContentRow[]; onDone: () => void }) {
  const bulk = useBulkAction();
  const [category, setCategory] = useState('');
  const [confirming, setConfirming] = useState(false);
  const items = selected.map((r) => ({ kind: r.kind, id: r.id }));
  const report = (verb: string) => (res: { results: { id: string; ok: boolean; error: string | null }[] }) => {
    const failed = res.results.filter((r) => !r.ok);
    const done = res.results.length - failed.length;
    if (done) toast.success(`${verb} ${done} ${done === 1 ? 'item' : 'items'}`);
    for (const f of failed) {
      const title = selected.find((r) => r.id === f.id)?.title ?? 'An item';
      toast.error(`“${title}” was not changed`, { description: f.error ?? undefined });
    }
    setConfirming(false);
    onDone();
  };
  const onError = (e: Error) => toast.error('Nothing was changed', { description: e.message });
  return (
    <div role="region" aria-label="Selected items" className="flex flex-wrap items-center gap-2 rounded-xl border bg-muted/40 px-3 py-2">
      <span className="text-sm font-medium">{selected.length} selected</span>
      <label htmlFor="bulk-category" className="sr-only">
        Category for the selected items
      </label>
      <select id="bulk-category" className={selectClass} value={category} onChange={(e) => setCategory(e.target.value)}>
        <option value="" disabled>
          Change category…
        </option>
        {CATEGORIES.map((c) => (
          <option key={c.slug} value={c.slug}>
            {c.name}
          </option>
        ))}
      </select>
      <Button
        size="sm"
        variant="outline"
        disabled={!category || bulk.isPending}
        onClick={() => bulk.mutate({ type: 'category', items, category }, { onSuccess: report('Moved'), onError })}
      >
        Apply
      </Button>
      <Button size="sm" variant="destructive" disabled={bulk.isPending} onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden /> Delete
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${selected.length} ${selected.length === 1 ? 'item' : 'items'}?`}
        description="What you selected is deleted for good, with its media: a stream with its replay and pictures (a live one is not deleted; end it first), while clips made from it stay your shorts."
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        pending={bulk.isPending}
        onConfirm={() => bulk.mutate({ type: 'delete', items }, { onSuccess: report('Deleted'), onError })}
      />
    </div>
  );
}

// The captions editor loads when a row's Captions button is first pressed.
const StudioCaptions = lazy(() => import('./studio-captions').then((m) => ({ default: m.StudioCaptions })));
