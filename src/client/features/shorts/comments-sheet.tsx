import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { formatCount } from '../../lib/format';
import { DialogOverlay } from '../../ui/dialog';
import { CommentsPanel } from '../videos/comments';
import { useVideo } from '../videos/queries';

/** A short's comments: a sheet from the bottom on phones, a panel on the right on wider screens. */
export function CommentsSheet({ videoId, open, onOpenChange }: { videoId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const video = useVideo(videoId).data;
  const count = video?.comments ?? null;
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogOverlay className="bg-black/40 backdrop-blur-none" />
        <DialogPrimitive.Content
          className="fixed inset-x-0 bottom-0 z-50 flex h-[75dvh] flex-col rounded-t-2xl border-t bg-popover text-popover-foreground shadow-2xl outline-none data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in md:inset-y-0 md:right-0 md:left-auto md:h-full md:w-[420px] md:rounded-none md:border-t-0 md:border-l"
          aria-describedby={undefined}
        >
          <div className="mx-auto mt-2 h-1 w-10 rounded-full bg-muted-foreground/30 md:hidden" aria-hidden />
          <div className="flex items-center justify-between border-b px-5 py-3">
            <DialogPrimitive.Title className="text-base font-semibold">
              Comments{count !== null ? <span className="ml-1.5 text-muted-foreground">{formatCount(count)}</span> : null}
            </DialogPrimitive.Title>
            <DialogPrimitive.Close
              className="rounded-md p-1.5 text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
              aria-label="Close comments"
            >
              <X aria-hidden className="size-4" />
            </DialogPrimitive.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-5 py-4 scrollbar-thin">
            <CommentsPanel videoId={videoId} creatorId={video?.creator.id} />
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
