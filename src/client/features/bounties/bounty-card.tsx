import { CalendarClock, Coins } from 'lucide-react';
import { Link } from 'react-router';
import type { BountyCard as Bounty } from '../../../shared/bounties/bounty-card';
import { paths } from '../../../shared/platform/routes';
import { timeAgo, timeUntil } from '../../lib/time';
import { categoryName, formatDateTime } from '../../lib/format';
import { CreatorAvatarLink, CreatorName } from '../profiles/creator-link';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';

const STATUS: Record<Bounty['status'], { label: string; variant: 'success' | 'violet' | 'cyan' | 'secondary' | 'amber' }> = {
  open: { label: 'Open', variant: 'success' },
  claimed: { label: 'Claimed', variant: 'violet' },
  paid: { label: 'Paid', variant: 'cyan' },
  expired: { label: 'Expired', variant: 'secondary' },
  cancelled: { label: 'Cancelled', variant: 'amber' },
};

/** "Ends in 7 days" while the deadline is ahead, "Ended 2 days ago" after. */
export function bountyDeadline(deadline: string, now: number): string {
  return new Date(deadline).getTime() > now ? `Ends ${timeUntil(deadline, now)}` : `Ended ${timeAgo(deadline, now)}`;
}

export const BOUNTY_STATUS = STATUS;

/** A bounty in a list; the whole card opens its page, the poster's name their profile. */
export function BountyCard({ bounty, now }: { bounty: Bounty; now: number }) {
  const status = STATUS[bounty.status];
  return (
    <Card
      className="relative flex flex-col gap-4 p-5 transition-colors focus-within:ring-2 focus-within:ring-ring hover:border-primary/40"
      data-testid="bounty-card"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge variant={status.variant}>{status.label}</Badge>
          <Badge variant="outline">{categoryName(bounty.category)}</Badge>
        </div>
        <p
          className="flex shrink-0 items-center gap-1.5 rounded-lg bg-primary/10 px-2.5 py-1 text-sm font-bold text-primary tabular-nums"
          data-testid="bounty-reward"
        >
          <Coins aria-hidden className="size-4" />
          {bounty.rewardSol} SOL
        </p>
      </div>
      <div className="flex flex-col gap-1.5">
        <h3 className="leading-snug font-semibold">
          <Link to={paths.bounty(bounty.id)} className="outline-none after:absolute after:inset-0 after:rounded-xl">
            {bounty.title}
          </Link>
        </h3>
        <p className="line-clamp-3 text-sm text-muted-foreground">{bounty.description}</p>
      </div>
      <div className="mt-auto flex items-center justify-between gap-3 border-t pt-4 text-sm">
        <div className="relative z-10 flex min-w-0 items-center gap-2">
          <CreatorAvatarLink creator={bounty.poster} className="size-7" />
          <CreatorName creator={bounty.poster} />
        </div>
        <time dateTime={bounty.deadline} title={formatDateTime(bounty.deadline)} className="flex shrink-0 items-center gap-1 text-xs text-muted-foreground">
          <CalendarClock aria-hidden className="size-3.5" />
          {bountyDeadline(bounty.deadline, now)}
        </time>
      </div>
    </Card>
  );
}
