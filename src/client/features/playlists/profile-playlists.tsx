import { ListVideo } from 'lucide-react';
import { ContentGrid, ContentGridSkeleton } from '../../ui/content-grid';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { PlaylistCard } from './playlist-card';
import { useProfilePlaylists } from './queries';

/** A creator's public playlists: the profile's Playlists tab. */
export default function ProfilePlaylists({ username, displayName }: { username: string; displayName: string }) {
  const lists = useProfilePlaylists(username);
  if (lists.isPending) return <ContentGridSkeleton kind="wide" count={3} />;
  if (lists.isError) return <ErrorState error={lists.error} onRetry={() => void lists.refetch()} title="Couldn’t load the playlists" />;
  if (lists.data.length === 0)
    return <EmptyState compact icon={ListVideo} title="No public playlists" description={`${displayName} hasn’t shared a playlist.`} />;
  return (
    <ContentGrid kind="wide">
      {lists.data.map((p) => (
        <PlaylistCard key={p.id} playlist={p} seed={username} showVisibility={false} />
      ))}
    </ContentGrid>
  );
}
