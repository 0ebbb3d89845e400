import { CalendarClock, Radio, Rocket } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../shared/platform/routes';
import { SOLANA_ADDRESS } from '../../../shared/tokens/token-rules';
import { InputField } from '../../ui/form-field';
import { useToken } from '../tokens/queries';
import { tokenLabel } from '../tokens/token-badge';
import { ContentGridSkeleton } from '../../ui/content-grid';
import { ContentCards } from '../home/content-cards';
import { PageHeader, Section } from '../../ui/page-header';
import { useNow } from '../../lib/use-now';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { useStreams, type StreamFilter } from './queries';

/**
 * /streams: live streams that carry a token, and the token launches scheduled next; with
 * `?token={mint}`, only those about that token.
 */
export default function PumpStreamsScreen() {
  const [params, setParams] = useSearchParams();
  const token = params.get('token') ?? undefined;
  const valid = token && SOLANA_ADDRESS.test(token) ? token : undefined;
  const setToken = (mint: string | undefined) => setParams(mint ? { token: mint } : {}, { replace: false });
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        icon={<Rocket aria-hidden />}
        title="Pump Streams"
        description="Live streams with a token attached: watch the launch, chat, and tip the creator."
      />
      <TokenFilter key={token ?? ''} token={valid} onChange={setToken} />
      <StreamSection
        id="pump-live"
        title="Live now"
        icon={<Radio aria-hidden className="size-5 text-live" />}
        filter={{ status: 'live', pump: true, token: valid }}
        empty={
          <EmptyState
            icon={Radio}
            headingLevel="h3"
            title="No live Pump Streams right now"
            description="Streams with a token appear here the moment they go live."
            action={
              <Button variant="outline" asChild>
                <Link to="/app">Browse all streams</Link>
              </Button>
            }
          />
        }
      />
      <StreamSection
        id="pump-upcoming"
        title="Upcoming token launches"
        icon={<CalendarClock aria-hidden className="size-5 text-primary" />}
        filter={{ status: 'scheduled', pump: true, token: valid }}
        empty={
          <EmptyState
            compact
            icon={CalendarClock}
            headingLevel="h3"
            title="No token launches scheduled"
            description="Scheduled streams with a token show up here with a countdown."
          />
        }
      />
    </div>
  );
}

function StreamSection({ id, title, icon, filter, empty }: { id: string; title: string; icon: ReactNode; filter: StreamFilter; empty: ReactNode }) {
  const streams = useStreams(filter);
  const now = useNow();
  return (
    <Section id={id} title={title} icon={icon}>
      {streams.isPending ? (
        <ContentGridSkeleton kind="wide" count={4} />
      ) : streams.isError ? (
        <ErrorState compact headingLevel="h3" error={streams.error} onRetry={() => void streams.refetch()} title="Couldn’t load streams" />
      ) : streams.data.length === 0 ? (
        empty
      ) : (
        <ContentCards of="streams" items={streams.data} now={now} />
      )}
    </Section>
  );
}

/** "Only streams about this token": a mint address typed or pasted, kept in the address (`?token=`). */
function TokenFilter({ token, onChange }: { token: string | undefined; onChange: (mint: string | undefined) => void }) {
  const [draft, setDraft] = useState(token ?? '');
  const [error, setError] = useState<string>();
  const facts = useToken(token);
  return (
    <form
      role="search"
      aria-label="Filter by token"
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const mint = draft.trim();
        if (mint && !SOLANA_ADDRESS.test(mint)) return setError('Enter the token’s mint address');
        setError(undefined);
        onChange(mint || undefined);
      }}
    >
      <div className="min-w-0 flex-1 sm:max-w-md">
        <InputField
          id="token-filter"
          label="Token mint address"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          error={error}
          className="font-mono"
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <Button type="submit" variant="outline">
        Filter
      </Button>
      {token ? (
        <>
          <Button type="button" variant="ghost" onClick={() => onChange(undefined)}>
            Show all
          </Button>
          <p className="w-full text-sm text-muted-foreground" aria-live="polite">
            Showing streams about{' '}
            <Link to={paths.token(token)} className="font-medium text-foreground underline-offset-2 hover:underline">
              {facts.data ? `${facts.data.name ?? 'this token'} (${tokenLabel(facts.data)})` : 'this token'}
            </Link>
            .
          </p>
        </>
      ) : null}
    </form>
  );
}
