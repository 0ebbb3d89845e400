import { Link2, Share2 } from 'lucide-react';
import { toast } from 'sonner';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../ui/dropdown-menu';
import { recordShare } from './queries';
import { absoluteUrl, type ShareMenuProps } from './share';

function canShareNatively(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Share as people expect: copy the link, or the phone's own share sheet where there is one; for videos and streams. */
export function ShareMenuLoaded({
  videoId,
  title,
  path,
  onShared,
  children,
  align = 'end',
  side,
  defaultOpen = false,
}: ShareMenuProps & { defaultOpen?: boolean }) {
  const url = absoluteUrl(path);
  const counted = async () =>
    videoId &&
    recordShare(videoId).then(
      (r) => onShared?.(r.shares),
      () => undefined,
    );

  const copy = async () => {
    if (await copyToClipboard(url)) {
      toast.success('Link copied', { description: url });
      void counted();
    } else {
      toast.error('Could not copy the link', { description: url });
    }
  };

  const share = async () => {
    try {
      await navigator.share({ title, url });
      void counted();
    } catch (err) {
      // Closing the share sheet is not an error.
      if (err instanceof DOMException && err.name === 'AbortError') return;
      await copy();
    }
  };

  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{children}</DropdownMenuTrigger>
      <DropdownMenuContent align={align} side={side} className="min-w-44" focusFirstItem={defaultOpen}>
        <DropdownMenuItem onSelect={() => void copy()}>
          <Link2 aria-hidden /> Copy link
        </DropdownMenuItem>
        {canShareNatively() ? (
          <DropdownMenuItem onSelect={() => void share()}>
            <Share2 aria-hidden /> Share via…
          </DropdownMenuItem>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
