import { ListPlus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../ui/button';
import { cn } from '../../lib/utils';
import { useAuthDialog } from '../auth/auth-dialog-context';
import { useSession } from '../auth/session';

// The dialog (its list, form and requests) loads on the first click: nothing of it weighs on a
// card or the watch page before.
const SaveDialog = lazy(() => import('./save-dialog'));

/**
 * "Save" a video to Watch later or a playlist: an icon over a card, a button on the watch page.
 * A guest is asked to sign in.
 */
export function SaveButton({ videoId, title, compact, className }: { videoId: string; title: string; compact?: boolean; className?: string }) {
  const { user } = useSession();
  const { openAuthDialog } = useAuthDialog();
  const [open, setOpen] = useState(false);
  // Once opened it stays mounted, so it closes with its animation and gives focus back.
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        size={compact ? 'icon' : 'default'}
        className={cn('rounded-full', className)}
        aria-label={compact ? `Save “${title}”` : undefined}
        aria-haspopup="dialog"
        onClick={() => {
          if (!user) return openAuthDialog('login');
          setOpened(true);
          setOpen(true);
        }}
      >
        <ListPlus aria-hidden />
        {compact ? null : 'Save'}
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <SaveDialog videoId={videoId} title={title} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
