import { BadgeCheck, ExternalLink, Inbox, Search, ShieldOff } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { toast } from 'sonner';
import { timeAgo } from '../../lib/time';
import { BADGE_NAME, BADGES, VERIFICATION_REASON_MAX, type AdminVerificationRequest, type VerifiedAccount } from '../../../shared/verification/verification';
import { formatCount, formatDateTime, formatMonthYear } from '../../lib/format';
import { VerificationBadge } from '../profiles/verification-badge';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { Skeleton } from '../../ui/skeleton';
import { Spinner } from '../../ui/spinner';
import { TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';
import { useGrantVerification, usePendingVerifications, useRejectVerification, useRevokeBadge, useVerifiedAccounts } from '../verification/queries';
import { AdminScreen } from './admin-only';
import { PersonLine } from './person-line';
import { ReasonDialog } from './reason-dialog';

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.');

/** /admin/verification (admins): pending requests to grant or reject, and verified accounts to revoke. */
export default function VerificationScreen() {
  return (
    <AdminScreen
      icon={<BadgeCheck aria-hidden />}
      title="Verification requests"
      description="Review requests for the blue and red verification badges."
      tabs={['requests', 'verified']}
    >
      <TabsList aria-label="Verification">
        <TabsTrigger value="requests">Requests</TabsTrigger>
        <TabsTrigger value="verified">Verified accounts</TabsTrigger>
      </TabsList>
      <TabsContent value="requests">
        <PendingRequests />
      </TabsContent>
      <TabsContent value="verified">
        <VerifiedAccounts />
      </TabsContent>
    </AdminScreen>
  );
}

function ListSkeleton({ label }: { label: string }) {
  return (
    <div className="flex flex-col gap-3" role="status" aria-busy="true" aria-label={label}>
      <Skeleton className="h-36 rounded-xl" />
      <Skeleton className="h-36 rounded-xl" />
    </div>
  );
}

function PendingRequests() {
  const query = usePendingVerifications();
  if (query.isPending) return <ListSkeleton label="Loading requests" />;
  if (query.isError) return <ErrorState compact title="Couldn’t load the requests" error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data.length) {
    return <EmptyState compact icon={Inbox} title="No requests waiting" description="Requests people file from their settings show here, oldest first." />;
  }
  return (
    <ul aria-label="Pending verification requests" className="flex flex-col gap-3">
      {query.data.map((r) => (
        <RequestCard key={r.id} request={r} />
      ))}
    </ul>
  );
}

function RequestCard({ request }: { request: AdminVerificationRequest }) {
  const grant = useGrantVerification();
  const reject = useRejectVerification();
  const [rejecting, setRejecting] = useState(false);
  const name = request.user.displayName;
  const granting = grant.isPending ? grant.variables.badge : undefined;
  const onGrant = (badge: (typeof BADGES)[number]) =>
    grant.mutate(
      { id: request.id, badge },
      {
        onSuccess: () => toast.success(`${BADGE_NAME[badge]} granted to ${name}`, { description: 'It shows beside their name everywhere.' }),
        onError: (error) => toast.error(errorText(error)),
      },
    );
  // The badge asked for first.
  const order = [request.badge, ...BADGES.filter((b) => b !== request.badge)];
  return (
    <li data-testid="verification-request" data-username={request.user.username}>
      <Card className="flex flex-col gap-4 p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <PersonLine person={request.user}>
            {' · '}
            {formatCount(request.followers)} {request.followers === 1 ? 'follower' : 'followers'} · joined {formatMonthYear(request.joinedAt)}
          </PersonLine>
          <div className="flex items-center gap-2 text-xs text-muted-foreground">
            <Badge variant="outline">
              <VerificationBadge type={request.badge} className="size-3.5" /> Asks for the {BADGE_NAME[request.badge].toLowerCase()}
            </Badge>
            <time dateTime={request.createdAt} title={formatDateTime(request.createdAt)}>
              {timeAgo(request.createdAt)}
            </time>
          </div>
        </div>
        <p className="text-sm whitespace-pre-wrap break-words">{request.message}</p>
        {request.links.length ? (
          <ul aria-label={`Links from ${name}`} className="flex flex-col gap-1 text-sm">
            {request.links.map((l, i) => (
              <li key={i} className="min-w-0">
                <a
                  href={l}
                  target="_blank"
                  rel="nofollow ugc noopener noreferrer"
                  className="inline-flex max-w-full items-center gap-1 text-primary underline-offset-2 hover:underline"
                >
                  <ExternalLink aria-hidden className="size-3.5 shrink-0" />
                  <span className="truncate">{l}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {order.map((b) => (
            <Button
              key={b}
              variant={b === request.badge ? 'default' : 'outline'}
              disabled={grant.isPending}
              onClick={() => onGrant(b)}
              aria-label={`Grant the ${BADGE_NAME[b].toLowerCase()} to ${name}`}
            >
              {granting === b ? <Spinner className="size-4 text-current" label="Granting" /> : <VerificationBadge type={b} className="size-4" />}
              Grant {b}
            </Button>
          ))}
          <Button variant="outline" className="sm:ml-auto" onClick={() => setRejecting(true)} aria-label={`Reject the request from ${name}`}>
            Reject
          </Button>
        </div>
      </Card>
      <ReasonDialog
        open={rejecting}
        onOpenChange={setRejecting}
        title={`Reject ${name}’s request?`}
        description="They read your reason in their settings, and may ask again."
        placeholder="What is missing, or why not"
        confirm="Reject request"
        max={VERIFICATION_REASON_MAX}
        pending={reject.isPending}
        onConfirm={async (reason) => {
          await reject.mutateAsync({ id: request.id, reason });
          setRejecting(false);
          toast.success(`${name}’s request was rejected`);
        }}
      />
    </li>
  );
}

function VerifiedAccounts() {
  const [q, setQ] = useState('');
  const deferred = useDeferredValue(q.trim());
  const query = useVerifiedAccounts(deferred);
  return (
    <div className="flex flex-col gap-4">
      <div className="relative max-w-sm">
        <Label htmlFor="verified-search" className="sr-only">
          Find a verified account
        </Label>
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          id="verified-search"
          type="search"
          placeholder="Find by name or @username"
          className="pl-9"
          maxLength={64}
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
      </div>
      {query.isPending ? (
        <ListSkeleton label="Loading verified accounts" />
      ) : query.isError ? (
        <ErrorState compact title="Couldn’t load the verified accounts" error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data.length ? (
        <EmptyState
          compact
          icon={BadgeCheck}
          title={deferred ? 'No verified account matches' : 'No verified accounts yet'}
          description={deferred ? 'Try another name.' : 'Accounts you grant a badge show here, to revoke it later.'}
        />
      ) : (
        <Card className="p-0">
          <ul aria-label="Verified accounts" className="flex flex-col divide-y">
            {query.data.map((a) => (
              <VerifiedRow key={a.id} account={a} />
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}

function VerifiedRow({ account }: { account: VerifiedAccount }) {
  const revoke = useRevokeBadge();
  const [open, setOpen] = useState(false);
  const badge = account.verificationType === 'none' ? undefined : account.verificationType;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" data-testid="verified-account" data-username={account.username}>
      <PersonLine person={account}>
        {badge ? ` · ${BADGE_NAME[badge]}` : ''}
        {account.since ? ` since ${formatMonthYear(account.since)}` : ''}
      </PersonLine>
      <Button variant="outline" size="sm" className="h-9 sm:h-8" onClick={() => setOpen(true)} aria-label={`Revoke ${account.displayName}’s badge`}>
        <ShieldOff aria-hidden /> Revoke
      </Button>
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        title={`Revoke ${account.displayName}’s badge?`}
        description="The badge disappears from their name everywhere at once. They read your reason in their settings."
        placeholder="Why the badge goes"
        confirm="Revoke badge"
        max={VERIFICATION_REASON_MAX}
        pending={revoke.isPending}
        onConfirm={async (reason) => {
          await revoke.mutateAsync({ userId: account.id, reason });
          setOpen(false);
          toast.success(`${account.displayName}’s badge was revoked`);
        }}
      />
    </li>
  );
}
