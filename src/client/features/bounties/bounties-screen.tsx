import { Coins, Plus, Target } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { CATEGORIES, findCategory } from '../../../shared/categories/categories';
import { BOUNTY_STATUSES, type BountyStatus } from '../../../shared/bounties/bounties';
import { useAuthDialog } from '../auth/auth-dialog-context';
import { useSession } from '../auth/session';
import { ContentCards } from '../home/content-cards';
import { ContentGridSkeleton } from '../../ui/content-grid';
import { PageHeader } from '../../ui/page-header';
import { useNow } from '../../lib/use-now';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { Label } from '../../ui/label';
import { BOUNTY_STATUS } from './bounty-card';
import { PostBountyDialog } from './post-bounty-dialog';
import { useBounties } from './queries';

const selectClass =
  'h-9 rounded-md border border-input bg-background/60 px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40';

/** "Post a bounty": a guest signs in first, an unconfirmed email is told so (as for any content). */
export function usePostBountyButton() {
  const { status } = useSession();
  const { openAuthDialog } = useAuthDialog();
  const [open, setOpen] = useState(false);
  const onClick = () => {
    if (status === 'guest') openAuthDialog('login');
    else if (status === 'unverified') toast.error('Email Verification Required', { description: 'Confirm your email to post a bounty.' });
    else if (status === 'verified') setOpen(true);
  };
  return { onClick, dialog: <PostBountyDialog open={open} onOpenChange={setOpen} /> };
}

/** /bounties (public): rewards in SOL posted for content people want made, by status and category. */
export default function BountiesScreen() {
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status = BOUNTY_STATUSES.includes(statusParam as BountyStatus) ? (statusParam as BountyStatus) : statusParam === 'all' ? undefined : 'open';
  const category = findCategory(params.get('category') ?? '')?.slug;
  const bounties = useBounties({ status, category });
  const now = useNow();
  const id = useId();
  const post = usePostBountyButton();
  const setFilter = (key: 'status' | 'category', value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const filtered = !!category || status !== 'open';

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6">
      <PageHeader
        icon={<Target aria-hidden />}
        title="Bounties"
        description="Rewards in SOL for the content the community wants. Make it, claim it, get paid on-chain."
        actions={
          <>
            <Button variant="outline" asChild>
              <Link to="/app">Explore Glint</Link>
            </Button>
            <Button variant="brand" onClick={post.onClick}>
              <Plus aria-hidden /> Post a bounty
            </Button>
          </>
        }
      />
      {post.dialog}
      <ol className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
        {[
          ['Pick a bounty', 'Each one says what to make, the reward and the deadline.'],
          ['Post your content', 'Make the video, short or stream and claim the bounty with it.'],
          ['Get paid in SOL', 'When the poster approves your claim, the reward is sent to your wallet.'],
        ].map(([title, text], i) => (
          <li key={title} className="flex gap-3 rounded-xl border bg-muted/30 p-4">
            <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/15 text-sm font-bold text-primary">{i + 1}</span>
            <span>
              <span className="block font-semibold">{title}</span>
              <span className="text-muted-foreground">{text}</span>
            </span>
          </li>
        ))}
      </ol>
      <div role="group" aria-label="Filter bounties" className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <select
            id={`${id}-status`}
            className={selectClass}
            value={status ?? 'all'}
            onChange={(e) => setFilter('status', e.target.value === 'open' ? '' : e.target.value)}
          >
            <option value="all">All</option>
            {BOUNTY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {BOUNTY_STATUS[s].label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-category`}>Category</Label>
          <select id={`${id}-category`} className={selectClass} value={category ?? ''} onChange={(e) => setFilter('category', e.target.value)}>
            <option value="">All categories</option>
            {CATEGORIES.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {bounties.isPending ? (
        <ContentGridSkeleton kind="bounty" count={6} />
      ) : bounties.isError ? (
        <ErrorState error={bounties.error} onRetry={() => void bounties.refetch()} title="Couldn’t load bounties" />
      ) : bounties.data.length === 0 ? (
        <EmptyState
          icon={Coins}
          title={filtered ? 'No bounties match' : 'No open bounties right now'}
          description={filtered ? 'Try another status or category.' : 'Post one: say what you want made and what you pay for it in SOL.'}
          action={
            filtered ? (
              <Button variant="outline" onClick={() => setParams({}, { replace: true })}>
                Show open bounties
              </Button>
            ) : (
              <Button variant="brand" onClick={post.onClick}>
                <Plus aria-hidden /> Post a bounty
              </Button>
            )
          }
        />
      ) : (
        <ContentCards of="bounties" items={bounties.data} now={now} />
      )}
    </div>
  );
}
