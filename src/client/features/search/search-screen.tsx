import { Clapperboard, Coins, Flame, Radio, SearchX, Smartphone, Users, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Creator } from '../../../shared/profiles/creator';
import type { SearchResults } from '../../../shared/search/search';
import { paths } from '../../../shared/platform/routes';
import { ContentGridSkeleton } from '../../ui/content-grid';
import { ContentCards } from '../home/content-cards';
import { PageHeader, Section } from '../../ui/page-header';
import { SearchForm } from '../../app/layout/header-search';
import { useNow } from '../../lib/use-now';
import { cn } from '../../lib/utils';
import { VerificationBadge } from '../profiles/verification-badge';
import { UserAvatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';
import { useSearch } from './queries';
import { useAddressQuery } from './use-search-box';

type Group = 'users' | 'streams' | 'videos' | 'shorts' | 'bounties';
type Tab = 'all' | Group;

const GROUPS: { key: Group; label: string; icon: LucideIcon }[] = [
  { key: 'users', label: 'Users', icon: Users },
  { key: 'streams', label: 'Streams', icon: Radio },
  { key: 'videos', label: 'Videos', icon: Clapperboard },
  { key: 'shorts', label: 'Shorts', icon: Smartphone },
  { key: 'bounties', label: 'Bounties', icon: Coins },
];

const isTab = (t: string | null): t is Tab => t === 'all' || GROUPS.some((g) => g.key === t);

/**
 * /search?q= : the address holds the query and the tab (docs/product.md §2). The top bar's box (wide
 * screens) or this screen's (phones) rewrite it as you type; a blank query shows what is trending.
 */
export default function SearchScreen() {
  const q = useAddressQuery().trim();
  const [params, setParams] = useSearchParams();
  const rawTab = params.get('type');
  const tab: Tab = isTab(rawTab) ? rawTab : 'all';
  const setTab = (t: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (t === 'all') next.delete('type');
        else next.set('type', t);
        return next;
      },
      { replace: true },
    );
  const search = useSearch(q);
  // What the results on screen are for: during a new search the previous ones stay, dimmed.
  const shownQ = search.data?.q ?? q;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Search" description={q ? <>Results for “{q}”</> : 'Streams, videos, shorts, creators and bounties'} />
      <SearchForm autoFocus={!q} className="md:hidden" />
      {search.isError ? (
        <ErrorState error={search.error} onRetry={() => void search.refetch()} title="Search failed" />
      ) : !search.data ? (
        <ContentGridSkeleton kind="wide" count={4} />
      ) : (
        <div aria-busy={search.isPlaceholderData} className={cn('transition-opacity', search.isPlaceholderData && 'opacity-60')}>
          {shownQ ? <Results q={shownQ} results={search.data} tab={tab} onTab={setTab} /> : <Trending results={search.data} />}
        </div>
      )}
    </div>
  );
}

function total(results: SearchResults): number {
  return GROUPS.reduce((n, g) => n + results[g.key].length, 0);
}

function Results({ q, results, tab, onTab }: { q: string; results: SearchResults; tab: Tab; onTab: (t: string) => void }) {
  if (total(results) === 0) return <NoResults q={q} />;
  return (
    <Tabs value={tab} onValueChange={onTab}>
      <TabsList aria-label="Result types">
        <TabsTrigger value="all">
          All <TabCount n={total(results)} />
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
            <GroupItems group={g.key} results={results} />
          </Section>
        ))}
      </TabsContent>
      {GROUPS.map((g) => (
        <TabsContent key={g.key} value={g.key}>
          {results[g.key].length === 0 ? (
            <EmptyState
              compact
              icon={g.icon}
              title={`No ${g.label.toLowerCase()} match “${q}”`}
              description="The other tabs may have what you are looking for."
            />
          ) : (
            <GroupItems group={g.key} results={results} />
          )}
        </TabsContent>
      ))}
    </Tabs>
  );
}

/** Nothing found: ways to search better, and what is trending instead. */
function NoResults({ q }: { q: string }) {
  const trending = useSearch('');
  return (
    <div className="flex flex-col gap-8">
      <EmptyState
        icon={SearchX}
        title={`No results for “${q}”`}
        description="Check the spelling, try fewer or more general words, or search for a creator by name or @username."
        action={
          <>
            <Button variant="outline" size="sm" asChild>
              <Link to="/search" replace>
                <Flame aria-hidden /> What’s trending
              </Link>
            </Button>
            <Button variant="outline" size="sm" asChild>
              <Link to="/app">Browse by category</Link>
            </Button>
          </>
        }
      />
      {trending.data && total(trending.data) > 0 ? <Trending results={trending.data} /> : null}
    </div>
  );
}

/** A blank query: live and upcoming streams, trending videos and shorts. */
function Trending({ results }: { results: SearchResults }) {
  return (
    <Section id="trending-now" title="Trending now" icon={<Flame aria-hidden className="size-5 text-primary" />}>
      {total(results) === 0 ? (
        <EmptyState compact icon={Flame} title="Nothing trending yet" description="Live streams, videos and shorts show up here as people post them." />
      ) : (
        <div className="flex flex-col gap-8">
          {GROUPS.filter((g) => results[g.key].length > 0).map((g) => (
            <Section
              key={g.key}
              id={`trending-${g.key}`}
              title={g.label}
              icon={<g.icon aria-hidden className="size-4 text-muted-foreground" />}
              className="gap-3"
            >
              <GroupItems group={g.key} results={results} />
            </Section>
          ))}
        </div>
      )}
    </Section>
  );
}

function GroupItems({ group, results }: { group: Group; results: SearchResults }): ReactNode {
  const now = useNow();
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
      return <ContentCards of="streams" items={results.streams} now={now} />;
    case 'videos':
      return <ContentCards of="videos" items={results.videos} now={now} />;
    case 'shorts':
      return <ContentCards of="shorts" items={results.shorts} now={now} />;
    case 'bounties':
      return <ContentCards of="bounties" items={results.bounties} now={now} />;
  }
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
