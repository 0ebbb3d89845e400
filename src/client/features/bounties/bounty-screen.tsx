import { ArrowLeft, CalendarClock, Check, CircleAlert, Coins, Inbox, LoaderCircle, SearchX, Send, X } from 'lucide-react';
import { ExplorerLink } from '../payments/explorer-link';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { BOUNTY_REVIEW_DAYS, type BountyClaim, type BountyDetail } from '../../../shared/bounties/bounties';
import { BOUNTY_CONTENT_TYPE } from '../../../shared/platform/product';
import { paths } from '../../../shared/platform/routes';
import { documentTitle, shortDescription } from '../../../shared/platform/page-titles';
import { usePageTitle } from '../../lib/page-title';
import { useAuthDialog } from '../auth/auth-dialog-context';
import { useSession } from '../auth/session';
import { Thumbnail } from '../../ui/thumbnail';
import { ApiError } from '../../lib/api';
import { categoryName, formatDateTime } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { useRealtimeEvent } from '../realtime/realtime-provider';
import { cn } from '../../lib/utils';
import { CreatorAvatarLink, CreatorName } from '../profiles/creator-link';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ConfirmDialog, confirmedRequest } from '../../ui/confirm-dialog';
import { Card } from '../../ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { Skeleton } from '../../ui/skeleton';
import { BOUNTY_STATUS, bountyDeadline } from './bounty-card';
import { ClaimDialog, CONTENT_KIND } from './claim-dialog';
import { isPaying, type PayState } from '../payments/pay-machine';
import { bountyKeys, useApproveClaim, useBounty, useCancelBounty, useRejectClaim } from './queries';
import { usePayReward } from './use-pay-reward';

const CLAIM_STATUS: Record<BountyClaim['status'], { label: string; variant: 'success' | 'secondary' | 'amber' }> = {
  pending: { label: 'Waiting for review', variant: 'amber' },
  approved: { label: 'Approved', variant: 'success' },
  rejected: { label: 'Not chosen', variant: 'secondary' },
};

function contentPath(c: BountyClaim['content']): string {
  if (c.type === 'livestream') return paths.stream({ id: c.id });
  if (c.type === 'short_video') return paths.short(c.id);
  return paths.video({ id: c.id });
}

/** /bounties/:id (public): everything about one bounty, its claims and what this viewer may do. */
export default function BountyScreen() {
  const { id = '' } = useParams();
  const bounty = useBounty(id);
  const qc = useQueryClient();
  usePageTitle(
    bounty.data ? documentTitle(bounty.data.title, 'Bounties') : undefined,
    bounty.data ? shortDescription(bounty.data.description) || undefined : undefined,
  );
  // A claim made, approved or paid reaches the poster or the claimant in the bell: the page follows.
  useRealtimeEvent('notification.created', (n) => {
    if (n.contentType === BOUNTY_CONTENT_TYPE && n.contentId === id) void qc.invalidateQueries({ queryKey: bountyKeys.detail(id) });
  });
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
      <Link
        to="/bounties"
        className="flex w-fit items-center gap-1.5 rounded-md text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ArrowLeft aria-hidden className="size-4" /> All bounties
      </Link>
      {bounty.isPending ? (
        <div className="flex flex-col gap-4" role="status" aria-busy="true" aria-label="Loading the bounty">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-32" />
        </div>
      ) : bounty.isError ? (
        bounty.error instanceof ApiError && (bounty.error.status === 404 || bounty.error.status === 400) ? (
          <EmptyState
            icon={SearchX}
            headingLevel="h1"
            title="This bounty does not exist"
            description="It may have been removed, or the address is wrong."
            action={
              <Button asChild variant="outline">
                <Link to="/bounties">See open bounties</Link>
              </Button>
            }
          />
        ) : (
          <ErrorState error={bounty.error} onRetry={() => void bounty.refetch()} title="Couldn’t load this bounty" headingLevel="h1" />
        )
      ) : (
        <BountyView bounty={bounty.data} />
      )}
    </div>
  );
}

function BountyView({ bounty }: { bounty: BountyDetail }) {
  const now = useNow();
  const status = BOUNTY_STATUS[bounty.status];
  const { isPoster } = bounty.viewer;
  const approved = bounty.claims.find((c) => c.status === 'approved');
  return (
    <article className="flex flex-col gap-6" data-testid="bounty-page">
      <header className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={status.variant} data-testid="bounty-status">
            {status.label}
          </Badge>
          <Badge variant="outline">{categoryName(bounty.category)}</Badge>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <h1 className="text-2xl font-bold tracking-tight text-balance md:text-3xl">{bounty.title}</h1>
          <p className="flex shrink-0 items-center gap-2 self-start rounded-xl bg-primary/10 px-3 py-1.5 text-lg font-bold text-primary tabular-nums">
            <Coins aria-hidden className="size-5" />
            {bounty.rewardSol} SOL
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
          <span className="flex min-w-0 items-center gap-2">
            <CreatorAvatarLink creator={bounty.poster} className="size-7" />
            <span className="text-muted-foreground">Posted by</span>
            <CreatorName creator={bounty.poster} />
          </span>
          <time dateTime={bounty.deadline} title={formatDateTime(bounty.deadline)} className="flex items-center gap-1.5 text-muted-foreground">
            <CalendarClock aria-hidden className="size-4" />
            {bountyDeadline(bounty.deadline, now)} · {formatDateTime(bounty.deadline)}
          </time>
        </div>
      </header>
      <p className="text-sm leading-relaxed whitespace-pre-wrap">{bounty.description}</p>
      <StatusNote bounty={bounty} approved={approved} now={now} />
      {isPoster ? <PosterActions bounty={bounty} approved={approved} /> : <ViewerActions bounty={bounty} />}
      <Claims bounty={bounty} />
    </article>
  );
}

function Note({ icon, tone = 'default', children }: { icon: ReactNode; tone?: 'default' | 'success' | 'warning'; children: ReactNode }) {
  return (
    <div
      className={cn(
        'flex items-start gap-3 rounded-xl border p-4 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0',
        tone === 'success' && 'border-emerald-500/40 bg-emerald-500/10',
        tone === 'warning' && 'border-amber-500/40 bg-amber-500/10',
      )}
    >
      {icon}
      <div className="flex flex-col gap-1">{children}</div>
    </div>
  );
}

/** What state the bounty is in, in words: paid (with the transaction), expired, cancelled, waiting for payment. */
function StatusNote({ bounty, approved, now }: { bounty: BountyDetail; approved: BountyClaim | undefined; now: number }) {
  if (bounty.status === 'paid') {
    return (
      <Note icon={<Check aria-hidden />} tone="success">
        <p className="font-medium">
          Paid {bounty.rewardSol} SOL{approved ? ` to ${approved.claimant.displayName}` : ''}
          {bounty.paidAt ? ` on ${formatDateTime(bounty.paidAt)}` : ''}.
        </p>
        <ExplorerLink href={bounty.payment?.explorerUrl} className="flex w-fit items-center gap-1 text-primary hover:underline">
          View the transaction
        </ExplorerLink>
      </Note>
    );
  }
  if (bounty.status === 'cancelled')
    return (
      <Note icon={<X aria-hidden />}>Cancelled by the poster{bounty.cancelledAt ? ` on ${formatDateTime(bounty.cancelledAt)}` : ''}. It takes no claims.</Note>
    );
  if (bounty.status === 'expired') return <Note icon={<CalendarClock aria-hidden />}>This bounty expired without an approved claim.</Note>;
  if (bounty.status === 'claimed' && !bounty.viewer.isPoster) {
    return (
      <Note icon={<Check aria-hidden />}>
        A claim{approved ? ` by ${approved.claimant.displayName}` : ''} was approved. The reward is paid on chain from the poster’s wallet.
      </Note>
    );
  }
  if (bounty.status === 'open' && !bounty.claimsOpen) {
    return (
      <Note icon={<CalendarClock aria-hidden />} tone="warning">
        Claims closed at the deadline. The poster has until {formatDateTime(bounty.reviewUntil)} to approve one
        {new Date(bounty.reviewUntil).getTime() < now ? '' : ` (${BOUNTY_REVIEW_DAYS} days after the deadline)`}.
      </Note>
    );
  }
  return null;
}

/** Anyone but the poster: claim while claims are open (a guest signs in first). */
function ViewerActions({ bounty }: { bounty: BountyDetail }) {
  const { status } = useSession();
  const { openAuthDialog } = useAuthDialog();
  const [open, setOpen] = useState(false);
  if (!bounty.claimsOpen) return null;
  const onClaim = () => {
    if (status === 'guest') openAuthDialog('login');
    else if (status === 'unverified') toast.error('Email Verification Required', { description: 'Confirm your email to claim bounties.' });
    else if (status === 'verified') setOpen(true);
  };
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-muted-foreground">
        Made something for this? Claim it with one of your videos, shorts or streams. You need a linked Solana wallet to be paid.
      </p>
      <Button variant="brand" onClick={onClaim} className="shrink-0">
        <Send aria-hidden /> {status === 'guest' ? 'Sign in to claim' : 'Claim this bounty'}
      </Button>
      {status === 'verified' ? <ClaimDialog bountyId={bounty.id} open={open} onOpenChange={setOpen} /> : null}
    </Card>
  );
}

/** The poster: cancel while nothing is approved; pay the approved claim. */
function PosterActions({ bounty, approved }: { bounty: BountyDetail; approved: BountyClaim | undefined }) {
  const [confirmCancel, setConfirmCancel] = useState(false);
  const cancel = useCancelBounty(bounty.id);
  // The flow lives here, so the panel can still say "finalized" once the bounty reads as paid.
  const pay = usePayReward(bounty.id);
  if (approved && (bounty.status === 'claimed' || (bounty.status === 'paid' && pay.state.status === 'finalized'))) {
    return <PayPanel bounty={bounty} claim={approved} pay={pay} />;
  }
  if (bounty.status !== 'open') return null;
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-muted-foreground">
        {bounty.claimCount === 0
          ? 'Your bounty is open. Creators’ claims will appear below; approve the one you want to pay.'
          : 'Review the claims below and approve the one you want to pay. The others are then turned down.'}
      </p>
      <Button variant="outline" onClick={() => setConfirmCancel(true)} className="shrink-0">
        Cancel bounty
      </Button>
      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title="Cancel this bounty?"
        description="It will take no more claims, and no reward will be paid. This cannot be undone."
        keepLabel="Keep it open"
        confirmLabel="Cancel bounty"
        pendingLabel="Cancelling…"
        pending={cancel.isPending}
        onConfirm={confirmedRequest(cancel, () => setConfirmCancel(false), { done: 'Bounty cancelled', failed: 'Could not cancel' })}
        stacked
        holdWhilePending
      />
    </Card>
  );
}

const PAY_STEPS: Record<Exclude<PayState['status'], 'idle' | 'failed'>, string> = {
  connecting: 'Connecting Phantom…',
  opening: 'Preparing the payment…',
  signing: 'Approve the transfer in Phantom…',
  pending: 'Sent. Waiting for the network to see the transaction…',
  confirmed: 'Confirmed on chain. Waiting for it to be finalized…',
  finalized: 'Finalized. The reward is paid.',
};

/** Pay the approved claim from Phantom, and follow the transaction until it is finalized or fails. */
function PayPanel({ bounty, claim, pay }: { bounty: BountyDetail; claim: BountyClaim; pay: ReturnType<typeof usePayReward> }) {
  const { state, start } = pay;
  // After a reload, a payment already on its way is shown from the server.
  const server = bounty.payment;
  const waiting = state.status === 'idle' && (server?.status === 'pending' || server?.status === 'confirmed') ? server.status : null;
  const failedBefore = state.status === 'idle' && server?.status === 'failed' ? server.failure : null;
  const step = state.status !== 'idle' && state.status !== 'failed' ? PAY_STEPS[state.status] : waiting ? PAY_STEPS[waiting] : null;
  const busy = isPaying(state) || !!waiting;
  return (
    <Card className="flex flex-col gap-4 p-4" data-testid="pay-panel">
      <div className="flex flex-col gap-1">
        <h2 className="font-semibold">Pay the reward</h2>
        <p className="text-sm text-muted-foreground">
          You approved {claim.claimant.displayName}’s claim. Send {bounty.rewardSol} SOL from Phantom to their wallet; Glint checks the transaction on chain.
        </p>
      </div>
      <div aria-live="polite" className="flex flex-col gap-2 text-sm">
        {step ? (
          <p className="flex items-center gap-2" data-testid="pay-status">
            {state.status === 'finalized' ? (
              <Check aria-hidden className="size-4 text-emerald-500" />
            ) : (
              <LoaderCircle aria-hidden className="size-4 animate-spin" />
            )}
            {step}
          </p>
        ) : null}
        {state.status === 'failed' || failedBefore ? (
          <p className="flex items-start gap-2 text-destructive" role="alert" data-testid="pay-failure">
            <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>The payment failed: {state.status === 'failed' ? state.reason : failedBefore}</span>
          </p>
        ) : null}
        <ExplorerLink href={'payment' in state ? state.payment?.explorerUrl : null} className="flex w-fit items-center gap-1 text-primary hover:underline">
          View the transaction
        </ExplorerLink>
      </div>
      {state.status !== 'finalized' ? (
        <Button variant="brand" className="self-start" onClick={start} disabled={busy}>
          <Coins aria-hidden />
          {busy ? 'Paying…' : state.status === 'failed' || failedBefore ? 'Try again' : `Pay ${bounty.rewardSol} SOL with Phantom`}
        </Button>
      ) : null}
    </Card>
  );
}

function Claims({ bounty }: { bounty: BountyDetail }) {
  const { isPoster } = bounty.viewer;
  const hidden = bounty.claimCount - bounty.claims.length;
  return (
    <section aria-labelledby="claims-heading" className="flex flex-col gap-3">
      <h2 id="claims-heading" className="text-lg font-semibold">
        Claims <span className="text-muted-foreground tabular-nums">({bounty.claimCount})</span>
      </h2>
      {bounty.claims.length === 0 ? (
        <EmptyState
          compact
          icon={Inbox}
          headingLevel="h3"
          title={bounty.claimCount === 0 ? 'No claims yet' : 'Claims are shown to the poster'}
          description={
            bounty.claimCount === 0
              ? isPoster
                ? 'Creators’ claims will appear here.'
                : 'Be the first to claim it.'
              : `${bounty.claimCount} ${bounty.claimCount === 1 ? 'creator has' : 'creators have'} claimed this bounty.`
          }
        />
      ) : (
        <ul className="flex flex-col gap-3">
          {bounty.claims.map((c) => (
            <ClaimItem key={c.id} claim={c} bounty={bounty} />
          ))}
        </ul>
      )}
      {!isPoster && hidden > 0 && bounty.claims.length > 0 ? (
        <p className="text-sm text-muted-foreground">
          {hidden} other {hidden === 1 ? 'claim is' : 'claims are'} shown to the poster only.
        </p>
      ) : null}
    </section>
  );
}

function ClaimItem({ claim, bounty }: { claim: BountyClaim; bounty: BountyDetail }) {
  const kind = CONTENT_KIND[claim.content.type];
  const status = CLAIM_STATUS[claim.status];
  const canDecide = bounty.viewer.isPoster && bounty.status === 'open' && claim.status === 'pending';
  return (
    <li>
      <Card className="flex flex-col gap-3 p-4 sm:flex-row" data-testid="claim">
        <div className="w-full shrink-0 sm:w-40">
          {claim.content.title ? (
            <Link
              to={contentPath(claim.content)}
              className="block rounded-xl outline-none focus-visible:ring-2 focus-visible:ring-ring"
              aria-label={`Open ${kind.label.toLowerCase()} “${claim.content.title}”`}
            >
              <Thumbnail src={claim.content.thumbnailUrl} seed={claim.content.id} icon={kind.icon} />
            </Link>
          ) : (
            <Thumbnail src={null} seed={claim.content.id} icon={kind.icon} />
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={status.variant}>{status.label}</Badge>
            <Badge variant="outline">{kind.label}</Badge>
          </div>
          <p className="font-medium">
            {claim.content.title ? (
              <Link to={contentPath(claim.content)} className="hover:underline">
                {claim.content.title}
              </Link>
            ) : (
              <span className="text-muted-foreground">This content is no longer available</span>
            )}
          </p>
          <div className="flex items-center gap-2 text-sm">
            <CreatorAvatarLink creator={claim.claimant} className="size-6" />
            <CreatorName creator={claim.claimant} />
            <span className="text-xs text-muted-foreground">· {formatDateTime(claim.createdAt)}</span>
          </div>
          {claim.note ? <p className="text-sm whitespace-pre-wrap text-muted-foreground">“{claim.note}”</p> : null}
          {canDecide ? <DecideClaim claim={claim} bounty={bounty} /> : null}
        </div>
      </Card>
    </li>
  );
}

/** Approve (after a confirmation that says what follows) or turn down a pending claim. */
function DecideClaim({ claim, bounty }: { claim: BountyClaim; bounty: BountyDetail }) {
  const approve = useApproveClaim(bounty.id);
  const reject = useRejectClaim(bounty.id);
  const [confirm, setConfirm] = useState(false);
  const busy = approve.isPending || reject.isPending;
  const others = bounty.claims.filter((c) => c.status === 'pending' && c.id !== claim.id).length;
  return (
    <div className="flex flex-wrap items-center gap-2 pt-1">
      <Button size="sm" variant="brand" onClick={() => setConfirm(true)} disabled={busy || !claim.claimantHasWallet}>
        <Check aria-hidden /> Approve
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={busy}
        onClick={() => reject.mutate(claim.id, { onError: (e) => toast.error('Could not turn down the claim', { description: e.message }) })}
      >
        Turn down
      </Button>
      {!claim.claimantHasWallet ? <p className="text-xs text-muted-foreground">This creator has no linked wallet, so they cannot be paid.</p> : null}
      <Dialog open={confirm} onOpenChange={(o) => !approve.isPending && setConfirm(o)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Approve {claim.claimant.displayName}’s claim?</DialogTitle>
            <DialogDescription>
              You then pay {bounty.rewardSol} SOL from Phantom to their wallet
              {others ? `, and the ${others} other ${others === 1 ? 'claim is' : 'claims are'} turned down` : ''}. This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setConfirm(false)} disabled={approve.isPending}>
              Not yet
            </Button>
            <Button
              variant="brand"
              disabled={approve.isPending}
              onClick={() =>
                approve.mutate(claim.id, {
                  onSuccess: () => {
                    setConfirm(false);
                    toast.success('Claim approved', { description: 'Now pay the reward from Phantom.' });
                  },
                  onError: (e) => toast.error('Could not approve', { description: e.message }),
                })
              }
            >
              {approve.isPending ? 'Approving…' : 'Approve claim'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
