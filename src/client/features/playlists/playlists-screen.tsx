import { ListVideo, Plus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { usePageTitle } from '../../lib/page-title';
import { Button } from '../../ui/button';
import { ContentGrid, ContentGridSkeleton } from '../../ui/content-grid';
import { DialogFrame } from '../../ui/dialog-frame';
import { EmptyState } from '../../ui/empty-state';
import { ErrorState } from '../../ui/error-state';
import { PageHeader } from '../../ui/page-header';
import { useSession } from '../auth/session';
import { PlaylistCard, playlistHref } from './playlist-card';
import { PlaylistForm } from './playlist-form';
import { useCreatePlaylist, useMyPlaylists } from './queries';

/** /playlists: your Watch later and playlists, and a new one. */
export default function PlaylistsScreen() {
  usePageTitle('Your playlists');
  const { user } = useSession();
  const lists = useMyPlaylists();
  const create = useCreatePlaylist();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const own = lists.data?.filter((p) => !p.watchLater) ?? [];

  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        icon={<ListVideo aria-hidden />}
        title="Your playlists"
        description="Watch later and the playlists you made. Public ones show on your profile."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden /> New playlist
          </Button>
        }
      />
      {lists.isPending ? (
        <ContentGridSkeleton kind="wide" count={4} />
      ) : lists.isError ? (
        <ErrorState error={lists.error} onRetry={() => void lists.refetch()} title="Couldn’t load your playlists" />
      ) : (
        <>
          <ContentGrid kind="wide">
            {lists.data.map((p) => (
              <PlaylistCard key={p.id} playlist={p} seed={user?.username ?? p.id} />
            ))}
          </ContentGrid>
          {own.length === 0 ? (
            <EmptyState
              icon={ListVideo}
              title="No playlists yet"
              description="Make one here, or choose Save on any video to add it to Watch later or a new playlist."
            />
          ) : null}
        </>
      )}
      <DialogFrame
        open={creating}
        onOpenChange={setCreating}
        title="New playlist"
        description="Give it a title; you can add videos with Save on any video."
        loading="Loading"
      >
        <PlaylistForm
          label="Create"
          pendingLabel="Creating…"
          onCancel={() => setCreating(false)}
          onSubmit={async (fields) => {
            const made = await create.mutateAsync(fields);
            setCreating(false);
            toast.success(`Made “${made.title}”`);
            void navigate(playlistHref(made));
          }}
        />
      </DialogFrame>
    </div>
  );
}
