import { CalendarClock, Radio, Rocket } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ContentGridSkeleton } from '../../ui/content-grid';
import { ContentCards } from '../home/content-cards';
import { PageHeader, Section } from '../../ui/page-header';
import { useNow } from '../../lib/use-now';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { useStreams, type StreamFilter } from './queries';

/** /streams: live streams that carry a token, and the token launches scheduled next. */
export default function PumpStreamsScreen() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        icon={<Rocket aria-hidden />}
        title="Pump Streams"
        description="Live streams with a token attached: watch the launch, chat, and tip the creator."
      />
      <StreamSection
        id="pump-live"
        title="Live now"
        icon={<Radio aria-hidden className="size-5 text-live" />}
        filter={{ status: 'live', pump: true }}
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
        filter={{ status: 'scheduled', pump: true }}
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
