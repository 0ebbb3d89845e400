import { RadioTower, Settings2 } from 'lucide-react';
import { useParams } from 'react-router';
import { documentTitle } from '../../../shared/platform/page-titles';
import { ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { ErrorState } from '../../ui/error-state';
import { NotAvailable } from '../../ui/not-available';
import { PageHeader } from '../../ui/page-header';
import { Skeleton } from '../../ui/skeleton';
import { useSession } from '../auth/session';
import { useStream } from './queries';
import { StreamManager, StreamPageLink } from './stream-manager';

/**
 * /studio/streams/:id : the creator manages one of their streams. Anyone else (a guest too) gets
 * the page of a stream that is not available, as if it were not there; the server refuses their
 * writes anyway.
 */
export default function StudioStreamScreen() {
  const { id = '' } = useParams();
  const session = useSession();
  const query = useStream(id);
  const stream = query.data;
  usePageTitle(stream ? documentTitle(`Manage: ${stream.title}`) : undefined);

  if (session.status === 'loading' || query.isPending) {
    return (
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-4" role="status" aria-busy="true" aria-label="Loading the stream">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-32 w-full rounded-xl" />
        <Skeleton className="h-72 w-full rounded-xl" />
      </div>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) return <NotYours />;
    if (query.error instanceof ApiError && query.error.status === 410) return <NotYours removed={query.error.message} />;
    return <ErrorState headingLevel="h1" error={query.error} onRetry={() => void query.refetch()} title="Couldn’t load this stream" />;
  }
  if (!stream || session.user?.id !== stream.creator.id) return <NotYours />;

  return (
    // Live, the control room puts the chat beside the stream: the page is wider.
    <div className={`mx-auto flex w-full flex-col gap-6 ${stream.status === 'live' ? 'max-w-6xl' : 'max-w-4xl'}`}>
      <PageHeader icon={<Settings2 />} title="Manage stream" description={stream.title} actions={<StreamPageLink stream={stream} />} />
      <StreamManager stream={stream} />
    </div>
  );
}

function NotYours({ removed }: { removed?: string }) {
  return (
    <NotAvailable
      noun="stream"
      icon={RadioTower}
      removed={removed}
      description="It may have been deleted, or it is not one of yours."
      browse={{ to: '/streams', label: 'Browse Pump Streams' }}
    />
  );
}
