import { ArrowDown, ArrowUp, Minus } from 'lucide-react';
import { Link } from 'react-router';
import type { Creator } from '../../../shared/profiles/creator';
import { BOARD_UNIT, rankChangeText, type LeaderboardBoard, type LeaderboardWindow, type RankChange } from '../../../shared/leaderboards/leaderboard-rules';
import type { LeaderboardEntry } from '../../../shared/leaderboards/leaderboards';
import { paths } from '../../../shared/platform/routes';
import { cn } from '../../lib/utils';
import { CreatorAvatarLink } from '../profiles/creator-link';
import { VerificationBadge } from '../profiles/verification-badge';
import { Skeleton } from '../../ui/skeleton';

/** "1234567.5" -> "1,234,567.5": the exact decimal, its whole part grouped. */
export function groupDecimal(value: string): string {
  const [whole = '0', frac] = value.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac ? `${grouped}.${frac}` : grouped;
}

/** A board's value and its unit: "1.5" "SOL", "1,204" "views", "3" "new followers". */
export function valueParts(board: LeaderboardBoard, period: LeaderboardWindow, value: string): { amount: string; unit: string } {
  const amount = groupDecimal(value);
  const unit = BOARD_UNIT[board];
  const one = value === '1';
  if (unit === 'sol') return { amount, unit: 'SOL' };
  if (unit === 'views') return { amount, unit: one ? 'view' : 'views' };
  const noun = one ? 'follower' : 'followers';
  return { amount, unit: period === 'all' ? noun : `new ${noun}` };
}

/** Up, down, the same or new since the window before; nothing for all time. */
export function RankChangeMarker({ change }: { change: RankChange }) {
  if (change === null) return null;
  const text = rankChangeText(change);
  const look =
    change === 'new'
      ? {
          className: 'bg-violet-500/10 text-violet-700 dark:text-violet-300',
          body: <span className="text-[0.65rem] font-bold tracking-wide uppercase">New</span>,
        }
      : change > 0
        ? {
            className: 'bg-success/15 text-success',
            body: (
              <>
                <ArrowUp className="size-3.5" />
                {change}
              </>
            ),
          }
        : change < 0
          ? {
              className: 'bg-destructive/10 text-destructive',
              body: (
                <>
                  <ArrowDown className="size-3.5" />
                  {-change}
                </>
              ),
            }
          : { className: 'text-muted-foreground', body: <Minus className="size-3.5" /> };
  return (
    <span
      data-change={change === 'new' ? 'new' : change > 0 ? 'up' : change < 0 ? 'down' : 'same'}
      title={text}
      className={cn(
        'inline-flex h-6 min-w-11 shrink-0 items-center justify-center gap-0.5 rounded-full px-1.5 text-xs font-semibold tabular-nums',
        look.className,
      )}
    >
      <span aria-hidden className="inline-flex items-center gap-0.5">
        {look.body}
      </span>
      <span className="sr-only">{text}</span>
    </span>
  );
}

const MEDALS = ['bg-amber-400 text-amber-950', 'bg-slate-300 text-slate-900', 'bg-orange-400 text-orange-950'];

function RankBadge({ rank }: { rank: number | null }) {
  return (
    <span
      className={cn(
        'flex h-8 min-w-8 shrink-0 items-center justify-center rounded-full px-1.5 text-sm font-bold tabular-nums',
        rank !== null && rank <= 3 ? MEDALS[rank - 1] : 'bg-muted text-muted-foreground',
      )}
    >
      <span className="sr-only">{rank === null ? 'Not ranked' : 'Rank '}</span>
      {rank === null ? <span aria-hidden>–</span> : rank}
    </span>
  );
}

function Who({ creator, you }: { creator: Creator; you?: boolean }) {
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2 sm:gap-3">
      <CreatorAvatarLink creator={creator} className="size-9 sm:size-10" />
      <div className="min-w-0">
        <div className="flex min-w-0 items-center gap-1">
          <Link
            to={paths.profile(creator.username)}
            className="truncate rounded-sm font-semibold outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            {creator.displayName}
          </Link>
          <VerificationBadge type={creator.verificationType} className="size-3.5" />
          {you ? <span className="shrink-0 rounded-full bg-primary/15 px-1.5 text-[0.65rem] font-semibold text-primary uppercase">You</span> : null}
        </div>
        <div className="truncate text-xs text-muted-foreground">@{creator.username}</div>
      </div>
    </div>
  );
}

export function LeaderboardRow({
  entry,
  board,
  period,
  you,
}: {
  entry: LeaderboardEntry | (Omit<LeaderboardEntry, 'rank'> & { rank: number | null });
  board: LeaderboardBoard;
  period: LeaderboardWindow;
  you?: boolean;
}) {
  const { amount, unit } = valueParts(board, period, entry.value);
  return (
    <div className="flex items-center gap-2 sm:gap-3">
      <RankBadge rank={entry.rank} />
      <Who creator={entry.creator} you={you} />
      <div className="shrink-0 text-right" data-testid="leaderboard-value">
        <div className="text-sm font-semibold tabular-nums">{amount}</div>
        <div className="text-xs text-muted-foreground">{unit}</div>
      </div>
      {period === 'all' ? null : <RankChangeMarker change={entry.change} />}
    </div>
  );
}

export function LeaderboardSkeleton() {
  return (
    <div role="status" aria-label="Loading leaderboard" className="flex flex-col gap-2">
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="flex items-center gap-3 rounded-xl border px-3 py-2.5">
          <Skeleton className="size-8 rounded-full" />
          <Skeleton className="size-10 rounded-full" />
          <div className="flex flex-1 flex-col gap-1.5">
            <Skeleton className="h-4 w-36 max-w-full" />
            <Skeleton className="h-3 w-24 max-w-full" />
          </div>
          <Skeleton className="h-4 w-16" />
        </div>
      ))}
    </div>
  );
}
