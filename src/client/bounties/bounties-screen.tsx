import { Coins, Target } from 'lucide-react';
import { Link } from 'react-router';
import { ContentGridSkeleton } from '../components/content-grid';
import { ContentCards } from '../components/content-cards';
import { PageHeader } from '../components/page-header';
import { useNow } from '../lib/use-now';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { ErrorState } from '../ui/error-state';
import { useBounties } from './queries';

/** /bounties (public): rewards in SOL posted for content people want made. */
export default function BountiesScreen() {
  const bounties = useBounties();
  const now = useNow();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6">
      <PageHeader
        icon={<Target aria-hidden />}
        title="Bounties"
        description="Rewards in SOL for the content the community wants. Make it, claim it, get paid on-chain."
        actions={
          <Button variant="outline" asChild>
            <Link to="/app">Explore Glint</Link>
          </Button>
        }
      />
      <ol className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
        {[
          ['Pick a bounty', 'Each one says what to make, the reward and the deadline.'],
          ['Post your content', 'Make the video or short and claim the bounty with it.'],
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
      {bounties.isPending ? (
        <ContentGridSkeleton kind="bounty" count={6} />
      ) : bounties.isError ? (
        <ErrorState error={bounties.error} onRetry={() => void bounties.refetch()} title="Couldn’t load bounties" />
      ) : bounties.data.length === 0 ? (
        <EmptyState
          icon={Coins}
          title="No bounties yet"
          description="Bounties posted by the community will appear here with their SOL reward."
          action={
            <Button asChild>
              <Link to="/app">Explore Glint</Link>
            </Button>
          }
        />
      ) : (
        <ContentCards of="bounties" items={bounties.data} now={now} />
      )}
    </div>
  );
}
