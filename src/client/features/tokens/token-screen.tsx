import { CalendarClock, Coins, Film, History, Radio, Smartphone } from 'lucide-react';
import { useParams } from 'react-router';
import { documentTitle } from '../../../shared/platform/page-titles';
import type { TokenContent } from '../../../shared/tokens/token-page';
import { SOLANA_ADDRESS } from '../../../shared/tokens/token-rules';
import { ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { useNow } from '../../lib/use-now';
import { ContentGridSkeleton } from '../../ui/content-grid';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { NotAvailable } from '../../ui/not-available';
import { Section } from '../../ui/page-header';
import { Skeleton } from '../../ui/skeleton';
import { ContentCards, type Cards } from '../home/content-cards';
import { CreatorAvatarLink, CreatorName } from '../profiles/creator-link';
import { useToken, useTokenContent } from './queries';
import { tokenLabel } from './token-badge';
import { ContractAddress, TokenChainFacts, TokenImage } from './token-panel';
import { TokenMarketFigures } from './token-market';

/**
 * /token/{mint}: one token on Glint. What the chain says about it, its price and chart, the
 * streams about it (live, upcoming, replays), the videos and shorts that name its address, and
 * who tipped most on its streams.
 */
export default function TokenScreen() {
  const { mint = '' } = useParams();
  const token = useToken(mint);
  const content = useTokenContent(mint);
  const now = useNow();
  const t = token.data;
  usePageTitle(
    t ? documentTitle(`${t.name ?? mint} (${tokenLabel(t)})`) : undefined,
    t ? `Streams, videos and top tippers of ${t.name ?? mint} on Glint.` : undefined,
  );

  if (!SOLANA_ADDRESS.test(mint) || (token.isError && token.error instanceof ApiError && token.error.status < 500)) {
    return (
      <NotAvailable
        noun="token"
        icon={Coins}
        description="No token with this address exists on Solana."
        browse={{ to: '/streams', label: 'Browse Pump Streams' }}
      />
    );
  }
  if (token.isError) return <ErrorState headingLevel="h1" error={token.error} onRetry={() => void token.refetch()} title="Couldn’t read this token" />;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8">
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <header className="flex flex-col gap-4">
          {t ? (
            <div className="flex items-center gap-4">
              <TokenImage token={t} size={64} />
              <div className="min-w-0">
                <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{t.name ?? 'Unnamed token'}</h1>
                <p className="text-muted-foreground">{tokenLabel(t)}</p>
              </div>
            </div>
          ) : (
            <div className="flex items-center gap-4" role="status" aria-label="Reading the token from Solana">
              <Skeleton className="size-16 rounded-full" />
              <Skeleton className="h-8 w-48" />
            </div>
          )}
          <TokenMarketFigures mint={mint} />
        </header>
        <aside className="flex flex-col gap-3 rounded-xl border bg-card p-4" aria-label="On chain">
          <ContractAddress mint={mint} />
          <TokenChainFacts mint={mint} />
        </aside>
      </div>
      <TokenContentSections content={content} now={now} />
    </div>
  );
}

/** The token's content on Glint, in the order shown; a part with nothing in it is left out. */
const PARTS = [
  { id: 'token-live', title: 'Live now', icon: <Radio aria-hidden className="size-5 text-live" />, key: 'live', of: 'streams' },
  { id: 'token-upcoming', title: 'Upcoming', icon: <CalendarClock aria-hidden className="size-5 text-primary" />, key: 'upcoming', of: 'streams' },
  { id: 'token-replays', title: 'Replays', icon: <History aria-hidden className="size-5 text-primary" />, key: 'replays', of: 'streams' },
  { id: 'token-videos', title: 'Videos', icon: <Film aria-hidden className="size-5 text-primary" />, key: 'videos', of: 'videos' },
  { id: 'token-shorts', title: 'Shorts', icon: <Smartphone aria-hidden className="size-5 text-primary" />, key: 'shorts', of: 'shorts' },
] as const;

function TokenContentSections({ content, now }: { content: ReturnType<typeof useTokenContent>; now: number }) {
  if (content.isPending) return <ContentGridSkeleton kind="wide" count={3} />;
  if (content.isError)
    return <ErrorState compact headingLevel="h2" error={content.error} onRetry={() => void content.refetch()} title="Couldn’t load this token’s streams" />;
  const c = content.data;
  const nothing = !c.live.length && !c.upcoming.length && !c.replays.length && !c.videos.length && !c.shorts.length;
  return (
    <>
      {nothing ? (
        <EmptyState icon={Radio} title="Nobody has streamed about this token on Glint yet" description="Streams, videos and shorts about it will show here." />
      ) : null}
      {PARTS.map((part) =>
        c[part.key].length ? (
          <Section key={part.id} id={part.id} title={part.title} icon={part.icon}>
            <ContentCards {...({ of: part.of, items: c[part.key] } as Cards)} now={now} priority={part.id === 'token-live'} />
          </Section>
        ) : null,
      )}
      <Tippers tippers={c.tippers} />
    </>
  );
}

function Tippers({ tippers }: { tippers: TokenContent['tippers'] }) {
  if (!tippers.length) return null;
  return (
    <Section id="token-tippers" title="Top tippers on its streams" icon={<Coins aria-hidden className="size-5 text-primary" />}>
      <ol className="flex flex-col divide-y rounded-xl border">
        {tippers.map((x, i) => (
          <li key={x.creator.id} className="flex items-center gap-3 px-4 py-2.5">
            <span className="w-6 text-sm font-semibold text-muted-foreground tabular-nums">{i + 1}</span>
            <CreatorAvatarLink creator={x.creator} className="size-8" />
            <CreatorName creator={x.creator} className="flex-1 text-sm font-medium" />
            <span className="text-sm tabular-nums">
              {x.sol} SOL <span className="text-muted-foreground">· {x.tips === 1 ? '1 tip' : `${x.tips} tips`}</span>
            </span>
          </li>
        ))}
      </ol>
    </Section>
  );
}
