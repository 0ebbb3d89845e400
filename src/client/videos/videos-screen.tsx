import { Clapperboard } from 'lucide-react';
import { PRODUCT_NAME } from '../../shared/product';
import { ContentGrid, ContentGridSkeleton } from '../components/content-grid';
import { PageHeader } from '../components/page-header';
import { UploadLink } from '../components/upload-link';
import { useNow } from '../lib/use-now';
import { EmptyState } from '../ui/empty-state';
import { ErrorState } from '../ui/error-state';
import { useVideos } from './queries';
import { VideoCard } from './video-card';

/** /glint: the long videos. */
export default function VideosScreen() {
  const videos = useVideos({ kind: 'long' });
  const now = useNow();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={<Clapperboard aria-hidden />}
        title={PRODUCT_NAME}
        description="Long videos from crypto creators: breakdowns, tutorials, talks and replays."
      />
      {videos.isPending ? (
        <ContentGridSkeleton kind="wide" count={8} />
      ) : videos.isError ? (
        <ErrorState error={videos.error} onRetry={() => void videos.refetch()} title="Couldn’t load videos" />
      ) : videos.data.length === 0 ? (
        <EmptyState
          icon={Clapperboard}
          title="No videos yet"
          description={`Long videos posted to ${PRODUCT_NAME} will appear here. Yours could be the first.`}
          action={<UploadLink label="Upload a video" />}
        />
      ) : (
        <ContentGrid kind="wide">
          {videos.data.map((v) => (
            <VideoCard key={v.id} video={v} now={now} />
          ))}
        </ContentGrid>
      )}
    </div>
  );
}
