import { Cog, History, SlidersHorizontal } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { AUDIT_ACTIONS, type AuditEntryView } from '../../../shared/roles/roles';
import { timeAgo } from '../../lib/time';
import { formatDateTime } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Skeleton } from '../../ui/skeleton';
import { Spinner } from '../../ui/spinner';
import { PersonLine } from './person-line';
import { useAuditLog, type AuditFilters } from './roles-queries';

/** The words for the actions this part of Glint writes; others show their code. */
const ACTION_TEXT: Record<string, string> = {
  'role.grant': 'granted a role',
  'role.revoke': 'removed a role',
  'verification.grant': 'granted a badge',
  'verification.reject': 'rejected a verification request',
  'verification.revoke': 'revoked a badge',
};

const EMPTY: Required<{ [K in keyof AuditFilters]: string }> = { actor: '', action: '', targetType: '', targetId: '', since: '' };

/**
 * The audit log (docs/product.md "Audit log"): every moderation and admin action, newest first,
 * filtered by who, what, to what and since when; 50 at a time.
 */
export function AuditLog() {
  const [draft, setDraft] = useState(EMPTY);
  const [filters, setFilters] = useState<AuditFilters>({});
  const query = useAuditLog(filters);
  const set = (k: keyof typeof EMPTY) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value }));

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const f: AuditFilters = {};
    for (const [k, v] of Object.entries(draft) as [keyof typeof EMPTY, string][]) {
      if (!v.trim()) continue;
      // A day in the admin's own time zone, from its first moment.
      f[k] = k === 'since' ? new Date(`${v}T00:00:00`).toISOString() : v.trim();
    }
    setFilters(f);
  };
  const filtered = Object.keys(filters).length > 0;
  const entries = query.data?.pages.flatMap((p) => p.entries) ?? [];

  return (
    <div className="flex flex-col gap-4">
      <Card className="p-4 sm:p-5">
        <form className="flex flex-col gap-4" onSubmit={apply} aria-label="Filter the audit log" noValidate>
          <h2 className="flex items-center gap-2 font-semibold">
            <SlidersHorizontal aria-hidden className="size-4" /> Filters
          </h2>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <FormField id="audit-actor" label="Who acted">
              <Input id="audit-actor" placeholder="@username or system" maxLength={64} value={draft.actor} onChange={set('actor')} />
            </FormField>
            <FormField id="audit-action" label="Action">
              <Input id="audit-action" list="audit-actions" placeholder="Any, e.g. role.grant" maxLength={64} value={draft.action} onChange={set('action')} />
              <datalist id="audit-actions">
                {AUDIT_ACTIONS.map((a) => (
                  <option key={a} value={a} />
                ))}
              </datalist>
            </FormField>
            <FormField id="audit-since" label="Since">
              <Input id="audit-since" type="date" value={draft.since} onChange={set('since')} />
            </FormField>
            <FormField id="audit-target-type" label="Target type">
              <Input
                id="audit-target-type"
                list="audit-target-types"
                placeholder="Any, e.g. user"
                maxLength={64}
                value={draft.targetType}
                onChange={set('targetType')}
              />
              <datalist id="audit-target-types">
                <option value="user" />
              </datalist>
            </FormField>
            <FormField id="audit-target" label="Target">
              <Input id="audit-target" placeholder="An id, or @username" maxLength={200} value={draft.targetId} onChange={set('targetId')} />
            </FormField>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit">Apply filters</Button>
            <Button
              type="button"
              variant="outline"
              disabled={!filtered && draft === EMPTY}
              onClick={() => {
                setDraft(EMPTY);
                setFilters({});
              }}
            >
              Clear
            </Button>
          </div>
        </form>
      </Card>

      {query.isPending ? (
        <div className="flex flex-col gap-2" role="status" aria-busy="true" aria-label="Loading the audit log">
          <Skeleton className="h-20 rounded-xl" />
          <Skeleton className="h-20 rounded-xl" />
        </div>
      ) : query.isError ? (
        <ErrorState compact title="Couldn’t load the audit log" error={query.error} onRetry={() => void query.refetch()} />
      ) : !entries.length ? (
        <EmptyState
          compact
          icon={History}
          title={filtered ? 'Nothing matches these filters' : 'Nothing in the audit log yet'}
          description={filtered ? 'Try fewer filters, or an earlier day.' : 'Every moderation and admin action is written here, and never changes.'}
        />
      ) : (
        <>
          <Card className="p-0">
            <ol aria-label="Audit log" className="flex flex-col divide-y">
              {entries.map((e) => (
                <AuditRow key={e.id} entry={e} />
              ))}
            </ol>
          </Card>
          {query.hasNextPage ? (
            <Button variant="outline" className="self-center" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {query.isFetchingNextPage ? <Spinner className="size-4 text-current" label="Loading" /> : null}
              Load older entries
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}

/** A short reading of before → after for the actions we know; the raw values otherwise. */
function change(e: AuditEntryView): string | undefined {
  const b = e.before as Record<string, unknown> | null;
  const a = e.after as Record<string, unknown> | null;
  const list = (v: unknown) => (Array.isArray(v) && v.length ? v.join(', ') : 'none');
  if (e.action.startsWith('role.') && b && a) return `Roles: ${list(b.roles)} → ${list(a.roles)}`;
  if (e.action.startsWith('verification.') && b && a && 'verificationType' in a)
    return `Badge: ${String(b.verificationType ?? 'none')} → ${String(a.verificationType)}`;
  return undefined;
}

function AuditRow({ entry }: { entry: AuditEntryView }) {
  const summary = change(entry);
  return (
    <li className="flex flex-col gap-2 px-4 py-3 text-sm" data-testid="audit-entry" data-action={entry.action}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {entry.actor ? (
          <PersonLine person={entry.actor} />
        ) : entry.actorId ? (
          <span className="text-muted-foreground">A deleted account</span>
        ) : (
          <Badge variant="secondary">
            <Cog aria-hidden /> System
          </Badge>
        )}
        <span>{ACTION_TEXT[entry.action] ?? entry.action}</span>
        <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{entry.action}</code>
        <time dateTime={entry.createdAt} title={formatDateTime(entry.createdAt)} className="ml-auto text-xs text-muted-foreground">
          {timeAgo(entry.createdAt)}
        </time>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-muted-foreground">
        <span>To:</span>
        {entry.targetUser ? (
          <PersonLine person={entry.targetUser} />
        ) : (
          <span className="break-all">
            {entry.targetType} <code className="text-xs">{entry.targetId}</code>
          </span>
        )}
      </div>
      {summary ? <p>{summary}</p> : null}
      {entry.reason ? <p className="break-words">Reason: “{entry.reason}”</p> : null}
      <details className="text-xs">
        <summary className="cursor-pointer rounded-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring">
          Before and after
        </summary>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {(['before', 'after'] as const).map((k) => (
            <div key={k} className="flex min-w-0 flex-col gap-1">
              <span className="font-medium text-muted-foreground">{k === 'before' ? 'Before' : 'After'}</span>
              <pre tabIndex={0} className="overflow-x-auto rounded-md bg-muted p-2 outline-none focus-visible:ring-2 focus-visible:ring-ring">
                {JSON.stringify(entry[k], null, 2) ?? 'null'}
              </pre>
            </div>
          ))}
        </div>
      </details>
    </li>
  );
}
