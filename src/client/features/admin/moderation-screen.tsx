import { Flag, Gavel, MessageSquareOff, Search, ShieldCheck, UserX } from 'lucide-react';
import { useState, type ComponentProps, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { isContentTarget, type ChatRestrictionView, type ModeratedItem, type SanctionView } from '../../../shared/moderation/moderation';
import { paths } from '../../../shared/platform/routes';
import { timeAgo, timeUntil } from '../../lib/time';
import { formatDateTime } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { DecisionForm, ItemInPlace, ItemSummary } from '../moderation/moderated-item';
import { useLiftChatRestriction, useLiftSanction, useModerationOverview, useModerationSearch, useRestore } from '../moderation/queries';
import { UserAvatar } from '../../ui/avatar';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { Input } from '../../ui/input';
import { Skeleton } from '../../ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';
import { StaffScreen } from './staff-screen';
import { PlatformBlockedWords } from '../chat/blocked-words';

const errorText = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong. Please try again.');

/**
 * /admin/moderation (moderators and admins): removed content to restore, suspended and banned
 * accounts and live-chat restrictions to lift, a search for any user or item to act on, and the
 * blocked words of every chat.
 */
export default function ModerationScreen() {
  return (
    <StaffScreen
      icon={<Gavel aria-hidden />}
      title="Moderation"
      description="Review removed content and moderation actions."
      sibling={{ to: '/admin/reports', icon: <Flag aria-hidden />, label: 'Reports' }}
    >
      <FindAnything />
      <Overview />
      <section aria-labelledby="blocked-words-heading" className="flex flex-col gap-3">
        <h2 id="blocked-words-heading" className="text-lg font-semibold">
          Blocked words in every chat
        </h2>
        <p className="text-sm text-muted-foreground">
          Refused in every live chat on Glint, besides each channel’s own list. Changes are recorded in the audit log.
        </p>
        <div className="max-w-xl">
          <PlatformBlockedWords />
        </div>
      </section>
    </StaffScreen>
  );
}

function FindAnything() {
  const restore = useRestore();
  const lift = useLiftSanction();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [acting, setActing] = useState<ModeratedItem | null>(null);
  const results = useModerationSearch(q);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setQ(text.trim());
  };
  return (
    <section aria-labelledby="find-heading" className="flex flex-col gap-3">
      <h2 id="find-heading" className="text-lg font-semibold">
        Find a user or item
      </h2>
      <form onSubmit={submit} role="search" className="flex gap-2">
        <Input
          aria-label="Name, title, words or id"
          placeholder="Name, title, words or id"
          value={text}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
          className="max-w-md"
        />
        <Button type="submit" disabled={!text.trim()}>
          <Search aria-hidden /> Search
        </Button>
      </form>
      {!q ? null : results.isPending ? (
        <Skeleton className="h-16 w-full rounded-xl" />
      ) : results.isError ? (
        <ErrorState compact error={results.error} onRetry={() => void results.refetch()} title="Couldn’t search" />
      ) : results.data.length === 0 ? (
        <EmptyState compact icon={Search} title="Nothing found" description={`No user or item matches “${q}”.`} />
      ) : (
        <ul aria-label="Search results" className="flex flex-col gap-2" data-testid="moderation-results">
          {results.data.map((item) => (
            <ItemRow key={`${item.targetType}:${item.targetId}`} item={item}>
              {item.removedAt && isContentTarget(item.targetType) ? (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={restore.isPending}
                  onClick={() =>
                    restore.mutate(
                      { type: item.targetType, id: item.targetId },
                      { onSuccess: () => toast.success('Restored: the owner is told'), onError: (e) => toast.error(errorText(e)) },
                    )
                  }
                >
                  Restore
                </Button>
              ) : null}
              {item.targetType === 'user' && item.ownerSanction ? (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={lift.isPending}
                  onClick={() =>
                    lift.mutate(
                      { userId: item.targetId },
                      {
                        onSuccess: () => toast.success(item.ownerSanction?.kind === 'ban' ? 'The ban is lifted' : 'The suspension is lifted'),
                        onError: (e) => toast.error(errorText(e)),
                      },
                    )
                  }
                >
                  Lift {item.ownerSanction.kind === 'ban' ? 'ban' : 'suspension'}
                </Button>
              ) : null}
              <Button size="sm" variant="outline" onClick={() => setActing(item)}>
                Act
              </Button>
            </ItemRow>
          ))}
        </ul>
      )}
      <Dialog open={!!acting} onOpenChange={(open) => !open && setActing(null)}>
        <DialogContent className="max-h-[90dvh] max-w-2xl overflow-y-auto">
          <DialogHeader>
            <DialogTitle>Act on this {acting?.targetType === 'user' ? 'account' : 'item'}</DialogTitle>
            <DialogDescription>Without a report: the decision is written to the audit log like any other.</DialogDescription>
          </DialogHeader>
          {acting ? (
            <div className="flex flex-col gap-5">
              <ItemInPlace item={acting} />
              <DecisionForm key={`${acting.targetType}:${acting.targetId}`} item={acting} fromReports={false} onDecided={() => setActing(null)} />
            </div>
          ) : null}
        </DialogContent>
      </Dialog>
    </section>
  );
}

function ItemRow({ item, children }: { item: ModeratedItem; children?: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-xl border p-3" data-testid="moderated-item">
      <ItemSummary item={item} />
      <div className="flex items-center gap-2">
        {item.href ? (
          <Button size="sm" variant="ghost" asChild>
            <Link to={item.href}>Open</Link>
          </Button>
        ) : null}
        {children}
      </div>
    </li>
  );
}

function Overview() {
  const overview = useModerationOverview();
  if (overview.isPending) {
    return (
      <div className="flex flex-col gap-2" role="status" aria-busy="true" aria-label="Loading moderation">
        <Skeleton className="h-10 w-80" />
        <Skeleton className="h-16 w-full rounded-xl" />
        <Skeleton className="h-16 w-full rounded-xl" />
      </div>
    );
  }
  if (overview.isError) return <ErrorState error={overview.error} onRetry={() => void overview.refetch()} title="Couldn’t load moderation" />;
  const { removed, sanctions, chatRestrictions } = overview.data;
  return (
    <Tabs defaultValue="removed" className="flex flex-col gap-4">
      <TabsList aria-label="Moderation lists" className="w-fit max-w-full overflow-x-auto">
        <TabsTrigger value="removed">Removed content ({removed.length})</TabsTrigger>
        <TabsTrigger value="accounts">Suspended and banned ({sanctions.length})</TabsTrigger>
        <TabsTrigger value="chat">Chat restrictions ({chatRestrictions.length})</TabsTrigger>
      </TabsList>
      <TabsContent value="removed">
        <RemovedList items={removed} />
      </TabsContent>
      <TabsContent value="accounts">
        <SanctionList rows={sanctions} />
      </TabsContent>
      <TabsContent value="chat">
        <ChatRestrictionList rows={chatRestrictions} />
      </TabsContent>
    </Tabs>
  );
}

function RemovedList({ items }: { items: ModeratedItem[] }) {
  const restore = useRestore();
  const now = useNow(30_000);
  if (!items.length) return <EmptyState compact icon={ShieldCheck} title="Nothing removed" description="Content moderators remove shows here, to restore." />;
  return (
    <ul aria-label="Removed content" className="flex flex-col gap-2" data-testid="removed-content">
      {items.map((item) => {
        const busy = restore.isPending && restore.variables.id === item.targetId;
        return (
          <ItemRow key={`${item.targetType}:${item.targetId}`} item={item}>
            {item.removedAt ? (
              <time dateTime={item.removedAt} title={formatDateTime(item.removedAt)} className="text-xs text-muted-foreground">
                removed {timeAgo(item.removedAt, now)}
              </time>
            ) : null}
            {isContentTarget(item.targetType) ? (
              <Button
                size="sm"
                variant="outline"
                disabled={busy}
                onClick={() =>
                  restore.mutate(
                    { type: item.targetType, id: item.targetId },
                    { onSuccess: () => toast.success('Restored: the owner is told'), onError: (e) => toast.error(errorText(e)) },
                  )
                }
              >
                {busy ? 'Restoring…' : 'Restore'}
              </Button>
            ) : null}
          </ItemRow>
        );
      })}
    </ul>
  );
}

function PersonLine({ person }: { person: SanctionView['user'] }) {
  return (
    <span className="flex min-w-0 items-center gap-2">
      <UserAvatar name={person.displayName} seed={person.username} src={person.avatarUrl} className="size-8" />
      <span className="min-w-0 truncate text-sm">
        <span className="font-semibold">{person.displayName}</span> <span className="text-muted-foreground">@{person.username}</span>
      </span>
    </span>
  );
}

function SanctionList({ rows }: { rows: SanctionView[] }) {
  const lift = useLiftSanction();
  const now = useNow(30_000);
  if (!rows.length)
    return <EmptyState compact icon={UserX} title="No one is suspended or banned" description="Suspensions and bans show here until they end or are lifted." />;
  return (
    <ul aria-label="Suspended and banned accounts" className="flex flex-col gap-2" data-testid="sanctions">
      {rows.map((s) => {
        const busy = lift.isPending && lift.variables.userId === s.user.id;
        return (
          <RestrictionRow
            key={s.user.id}
            testId="sanction"
            row={s}
            now={now}
            badge={s.kind === 'ban' ? <Badge variant="amber">Banned</Badge> : <Badge variant="cyan">Suspended</Badge>}
            busy={busy}
            onLift={() =>
              lift.mutate(
                { userId: s.user.id },
                {
                  onSuccess: () => toast.success(s.kind === 'ban' ? `@${s.user.username}’s ban is lifted` : `@${s.user.username}’s suspension is lifted`),
                  onError: (e) => toast.error(errorText(e)),
                },
              )
            }
          >
            <Button asChild size="sm" variant="ghost">
              <Link to={paths.profile(s.user.username)}>Profile</Link>
            </Button>
          </RestrictionRow>
        );
      })}
    </ul>
  );
}

function ChatRestrictionList({ rows }: { rows: ChatRestrictionView[] }) {
  const lift = useLiftChatRestriction();
  const now = useNow(10_000);
  // Timeouts end on their own: one that ran out while the list is open leaves it.
  const live = rows.filter((r) => !r.until || Date.parse(r.until) > now);
  if (!live.length)
    return (
      <EmptyState compact icon={MessageSquareOff} title="No chat restrictions" description="Timeouts and bans in creators’ chats show here, across channels." />
    );
  return (
    <ul aria-label="Chat restrictions" className="flex flex-col gap-2" data-testid="chat-restrictions">
      {live.map((r) => {
        const key = `${r.channel.id}:${r.user.id}`;
        const busy = lift.isPending && `${lift.variables.channelId}:${lift.variables.userId}` === key;
        return (
          <RestrictionRow
            key={key}
            row={r}
            now={now}
            badge={r.kind === 'ban' ? <Badge variant="amber">Banned from chat</Badge> : <Badge variant="cyan">Timed out</Badge>}
            where={<span>in @{r.channel.username}’s chats</span>}
            busy={busy}
            onLift={() =>
              lift.mutate(
                { channelId: r.channel.id, userId: r.user.id },
                { onSuccess: () => toast.success(`@${r.user.username} can chat again`), onError: (e) => toast.error(errorText(e)) },
              )
            }
          />
        );
      })}
    </ul>
  );
}

/** One account kept out (of posting, or of a creator's chats): who, until when, by whom, why, and Lift. */
function RestrictionRow({
  row,
  now,
  badge,
  where,
  busy,
  onLift,
  testId,
  children,
}: {
  row: { user: ComponentProps<typeof PersonLine>['person']; until: string | null; by: { username: string } | null; createdAt: string; reason: string };
  now: number;
  badge: ReactNode;
  where?: ReactNode;
  busy: boolean;
  onLift: () => void;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-xl border p-3" data-testid={testId}>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <PersonLine person={row.user} />
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          {badge}
          {where}
          {row.until ? <span>ends {timeUntil(row.until, now)}</span> : null}
          <span>
            by {row.by ? `@${row.by.username}` : 'a former moderator'} · {timeAgo(row.createdAt, now)}
          </span>
        </p>
        {row.reason ? <p className="line-clamp-2 text-xs break-words text-muted-foreground">“{row.reason}”</p> : null}
      </div>
      {children}
      <Button size="sm" variant="outline" disabled={busy} onClick={onLift}>
        {busy ? 'Lifting…' : 'Lift'}
      </Button>
    </li>
  );
}
