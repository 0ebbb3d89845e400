import { Clapperboard, Coins, Radio, Search, SearchX, Smartphone, Users, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Creator, SearchResults } from '../../shared/content';
import { paths } from '../../shared/routes';
import { BountyCard } from '../bounties/bounty-card';
import { ContentGrid, ContentGridSkeleton } from '../components/content-grid';
import { PageHeader, Section } from '../components/page-header';
import { SearchForm } from '../layout/header-search';
import { useNow } from '../lib/use-now';
import { cn } from '../lib/utils';
import { VerificationBadge } from '../profiles/verification-badge';
import { ShortCard } from '../shorts/short-card';
import { StreamCard } from '../streams/stream-card';
import { UserAvatar } from '../ui/avatar';
import { EmptyState } from '../ui/empty-state';
import { ErrorState } from '../ui/error-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/tabs';
import { VideoCard } from '../videos/video-card';
import { useSearch } from './queries';

type Group = 'users' | 'streams' | 'videos' | 'shorts' | 'bounties';

const GROUPS: { key: Group; label: string; icon: LucideIcon }[] = [
  { key: 'users', label: 'Users', icon: Users },
  { key: 'streams', label: 'Streams', icon: Radio },
  { key: 'videos', label: 'Videos', icon: Clapperboard },
  { key: 'shorts', label: 'Shorts', icon: Smartphone },
  { key: 'bounties', label: 'Bounties', icon: Coins },
];

/**
 * /search?q= : the address holds the query (SPEC.md §2). Both search boxes (the top bar's on wide
 * screens, this screen's on phones) read it from there and write a new address to search again.
 */
export default function SearchScreen() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const search = useSearch(q);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Search"
        description={q ? <>Results for “{q}”</> : 'Streams, videos, shorts, creators and bounties'}
      />
      <SearchForm key={q} initial={q} autoFocus={!q} className="md:hidden" />
      {!q ? (
        <EmptyState
          icon={Search}
          title="Search Glint"
          description="Find streams, videos, shorts, creators and bounties. Type in the search box and press Enter."
        />
      ) : search.isError ? (
        <ErrorState error={search.error} onRetry={() => void search.refetch()} title="Search failed" />
      ) : !search.data ? (
        <ContentGridSkeleton kind="wide" count={4} />
      ) : (
        <div className={cn('transition-opacity', search.isPlaceholderData && 'opacity-60')}>
          <Results key={q} q={q} results={search.data} />
        </div>
      )}
    </div>
  );
}

function Results({ q, results }: { q: string; results: SearchResults }) {
  const now = useNow();
  const total = GROUPS.reduce((n, g) => n + results[g.key].length, 0);
  if (total === 0) {
    return (
      <EmptyState
        icon={SearchX}
        title={`No results for “${q}”`}
        description="Try a different spelling, fewer words, or a creator’s username."
      />
    );
  }

  const render = (group: Group): ReactNode => {
    switch (group) {
      case 'users':
        return (
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {results.users.map((u) => (
              <li key={u.id}>
                <UserResult user={u} />
              </li>
            ))}
          </ul>
        );
      case 'streams':
        return (
          <ContentGrid kind="wide">
            {results.streams.map((s) => (
              <StreamCard key={s.id} stream={s} now={now} />
            ))}
          </ContentGrid>
        );
      case 'videos':
        return (
          <ContentGrid kind="wide">
            {results.videos.map((v) => (
              <VideoCard key={v.id} video={v} now={now} />
            ))}
          </ContentGrid>
        );
      case 'shorts':
        return (
          <ContentGrid kind="tall">
            {results.shorts.map((s) => (
              <ShortCard key={s.id} short={s} />
            ))}
          </ContentGrid>
        );
      case 'bounties':
        return (
          <ContentGrid kind="bounty">
            {results.bounties.map((b) => (
              <BountyCard key={b.id} bounty={b} now={now} />
            ))}
          </ContentGrid>
        );
    }
  };

  return (
    <Tabs defaultValue="all">
      <TabsList aria-label="Result types">
        <TabsTrigger value="all">
          All <TabCount n={total} />
        </TabsTrigger>
        {GROUPS.map((g) => (
          <TabsTrigger key={g.key} value={g.key}>
            {g.label} <TabCount n={results[g.key].length} />
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="all" className="flex flex-col gap-8">
        {GROUPS.filter((g) => results[g.key].length > 0).map((g) => (
          <Section key={g.key} id={`results-${g.key}`} title={g.label} icon={<g.icon aria-hidden className="size-5 text-primary" />}>
            {render(g.key)}
          </Section>
        ))}
      </TabsContent>
      {GROUPS.map((g) => (
        <TabsContent key={g.key} value={g.key}>
          {results[g.key].length === 0 ? (
            <EmptyState compact icon={g.icon} title={`No ${g.label.toLowerCase()} match “${q}”`} description="The other tabs may have what you are looking for." />
          ) : (
            render(g.key)
          )}
        </TabsContent>
      ))}
    </Tabs>
  );
}

function TabCount({ n }: { n: number }) {
  return <span className="rounded-full bg-muted-foreground/15 px-1.5 text-xs tabular-nums">{n}</span>;
}

function UserResult({ user }: { user: Creator }) {
  return (
    <Link
      to={paths.profile(user.username)}
      className="flex items-center gap-3 rounded-xl border bg-card p-3 transition-colors outline-none hover:border-primary/40 hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring"
    >
      <UserAvatar name={user.displayName} seed={user.username} src={user.avatarUrl} className="size-12" textClassName="text-sm" />
      <span className="flex min-w-0 flex-col">
        <span className="flex items-center gap-1 font-semibold">
          <span className="truncate">{user.displayName}</span>
          <VerificationBadge type={user.verificationType} />
        </span>
        <span className="truncate text-sm text-muted-foreground">@{user.username}</span>
      </span>
    </Link>
  );
}
