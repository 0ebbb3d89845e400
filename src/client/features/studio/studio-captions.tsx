import { CaptionsEditor } from '../videos/captions-editor';
import { useVideo } from '../videos/queries';
import { Spinner } from '../../ui/spinner';
import { ErrorState } from '../../ui/error-state';

/** A video's captions, edited from the studio's Content table. */
export function StudioCaptions({ videoId }: { videoId: string }) {
  const video = useVideo(videoId);
  if (video.isError) return <ErrorState title="Could not load this video" error={video.error} onRetry={() => void video.refetch()} compact />;
  if (!video.data) return <Spinner label="Loading the captions" />;
  return <CaptionsEditor videoId={videoId} tracks={video.data.captions} />;
}
