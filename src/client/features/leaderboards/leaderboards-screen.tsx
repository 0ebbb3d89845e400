import { Coins, Eye, HeartHandshake, Trophy, UserPlus, type LucideIcon } from 'lucide-react';
import { ToggleGroup } from 'radix-ui';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_BOARD,
  DEFAULT_WINDOW,
  LEADERBOARD_BOARDS,
  LEADERBOARD_WINDOWS,
  type LeaderboardBoard,
  type LeaderboardWindow,
} from '../../../shared/leaderboards/leaderboard-rules';
import { VIEW_WINDOW_HOURS } from '../../../shared/videos/video-rules';
import { useSession } from '../auth/session';
import { PageHeader } from '../../ui/page-header';
import { cn } from '../../lib/utils';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';
import { LeaderboardRow, LeaderboardSkeleton } from './leaderboard-list';
import { useLeaderboard } from './queries';

interface BoardText {
  label: string;
  icon: LucideIcon;
  /** What counts, under the controls. */
  counts: string;
  empty: string;
  emptyHint: string;
}

/** docs/product.md "Leaderboards": the four boards and what each counts. */
const BOARDS: Record<LeaderboardBoard, BoardText> = {
  creators: {
    label: 'Top Creators',
    icon: Coins,
    counts: 'SOL received in tips and bounty rewards, counted once finalized on chain.',
    empty: 'No SOL received yet',
    emptyHint: 'Creators appear here as their tips are finalized on chain.',
  },
  supporters: {
    label: 'Top Supporters',
    icon: HeartHandshake,
    counts: 'SOL given in tips and bounty rewards, counted once finalized on chain.',
    empty: 'No supporters yet',
    emptyHint: 'Viewers appear here as the SOL they send is finalized on chain.',
  },
  viewed: {
    label: 'Most Viewed',
    icon: Eye,
    counts: `Views of their videos and shorts, one per viewer every ${VIEW_WINDOW_HOURS} hours.`,
    empty: 'No views yet',
    emptyHint: 'Creators appear here as people watch their videos and shorts.',
  },
  followed: {
    label: 'Most Followed',
    icon: UserPlus,
    counts: 'New followers who still follow them.',
    empty: 'No new followers yet',
    emptyHint: 'Creators appear here as people follow them.',
  },
};

/** Each window's switch label, how a list's name says it, the words after "not on this board", and the window before. */
const WINDOWS: Record<LeaderboardWindow, { label: string; title: string; within: string; previous: string }> = {
  '24h': { label: '24h', title: 'in the last 24 hours', within: ' in the last 24 hours', previous: 'the 24 hours before' },
  '7d': { label: '7 days', title: 'in the last 7 days', within: ' in the last 7 days', previous: 'the 7 days before' },
  '30d': { label: '30 days', title: 'in the last 30 days', within: ' in the last 30 days', previous: 'the 30 days before' },
  all: { label: 'All time', title: 'of all time', within: '', previous: '' },
};

const isBoard = (v: string | null): v is LeaderboardBoard => !!v && (LEADERBOARD_BOARDS as readonly string[]).includes(v);
const isWindow = (v: string | null): v is LeaderboardWindow => !!v && (LEADERBOARD_WINDOWS as readonly string[]).includes(v);

/**
 * /leaderboards (public): creators by SOL received, supporters by SOL given, most viewed and most
 * followed, over 24 hours, 7 days, 30 days or all time. The board and window live in the address,
 * so a board can be shared.
 */
export default function LeaderboardsScreen() {
  const [params, setParams] = useSearchParams();
  const board = isBoard(params.get('board')) ? (params.get('board') as LeaderboardBoard) : DEFAULT_BOARD;
  const period = isWindow(params.get('window')) ? (params.get('window') as LeaderboardWindow) : DEFAULT_WINDOW;
  const choose = (next: { board?: LeaderboardBoard; period?: LeaderboardWindow }) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        q.set('board', next.board ?? board);
        q.set('window', next.period ?? period);
        return q;
      },
      { replace: true },
    );

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageHeader icon={<Trophy aria-hidden />} title="Leaderboards" description="The creators and supporters moving Glint, by SOL, views and follows." />
      <Tabs value={board} onValueChange={(v) => isBoard(v) && choose({ board: v })}>
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
          {/* Two by two on phones, so every board is in view without scrolling sideways. */}
          <TabsList aria-label="Leaderboard" className="grid w-full grid-cols-2 sm:inline-flex sm:w-fit">
            {LEADERBOARD_BOARDS.map((b) => {
              const Icon = BOARDS[b].icon;
              return (
                <TabsTrigger key={b} value={b} className="w-full sm:w-auto">
                  <Icon aria-hidden /> {BOARDS[b].label}
                </TabsTrigger>
              );
            })}
          </TabsList>
          <ToggleGroup.Root
            type="single"
            value={period}
            onValueChange={(v) => isWindow(v) && choose({ period: v })}
            aria-label="Time window"
            className="grid grid-cols-4 items-center gap-1 rounded-lg border p-1 sm:inline-flex"
          >
            {LEADERBOARD_WINDOWS.map((w) => (
              <ToggleGroup.Item
                key={w}
                value={w}
                className={cn(
                  'h-7 rounded-md px-3 text-xs font-medium whitespace-nowrap text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
                  'data-[state=on]:bg-primary-solid data-[state=on]:text-primary-foreground',
                )}
              >
                {WINDOWS[w].label}
              </ToggleGroup.Item>
            ))}
          </ToggleGroup.Root>
        </div>
        {LEADERBOARD_BOARDS.map((b) => (
          <TabsContent key={b} value={b}>
            {b === board ? <Board board={b} period={period} /> : null}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

function Board({ board, period }: { board: LeaderboardBoard; period: LeaderboardWindow }) {
  const query = useLeaderboard(board, period);
  const signedIn = !!useSession().user;
  const text = BOARDS[board];
  const when = WINDOWS[period];
  const title = `${text.label} ${when.title}`;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">
        {text.counts}
        {period === 'all' ? '' : ` Arrows compare with ${when.previous}.`}
      </p>
      {query.isPending ? (
        <LeaderboardSkeleton />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} title="Couldn’t load the leaderboard" />
      ) : (
        <>
          {query.data.entries.length === 0 ? (
            <EmptyState icon={text.icon} title={`${text.empty}${when.within}`} description={text.emptyHint} />
          ) : (
            <ol aria-label={title} className="flex flex-col gap-2">
              {query.data.entries.map((e) => {
                const you = e.creator.id === query.data.me?.creator.id;
                return (
                  <li key={e.creator.id} className={cn('rounded-xl border px-3 py-2.5', you && 'border-primary/50 bg-primary/5')}>
                    <LeaderboardRow entry={e} board={board} period={period} you={you} />
                  </li>
                );
              })}
            </ol>
          )}
          {signedIn && query.data.me ? (
            // Pinned above the phone's bottom bar, so your own place stays in view while the list scrolls.
            <aside
              aria-label="Your rank"
              className="sticky bottom-20 z-10 rounded-xl border border-primary/40 bg-background/95 px-3 py-2.5 shadow-lg backdrop-blur lg:bottom-4"
            >
              <p className="mb-1.5 text-xs font-medium text-muted-foreground">
                {query.data.me.rank === null ? `You are not on this board${when.within} yet.` : `Your rank ${when.title}`}
              </p>
              <LeaderboardRow entry={query.data.me} board={board} period={period} you />
            </aside>
          ) : null}
        </>
      )}
    </div>
  );
}
