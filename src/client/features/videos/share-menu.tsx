import { Clock, Code, Link2, Send, Share2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { embedCode } from '../../../shared/sharing/sharing-rules';
import { formatDuration } from '../../lib/format';
import { Button } from '../../ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '../../ui/dropdown-menu';
import { XLogoIcon } from '../../ui/header-icons';
import { LazyDialog } from '../../ui/lazy-dialog';
import { Textarea } from '../../ui/textarea';
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

/** `url` starting at `seconds` (`?t=83`), keeping its other parameters. */
export function atTime(url: string, seconds: number): string {
  const u = new URL(url);
  u.searchParams.set('t', String(Math.floor(seconds)));
  return u.toString();
}

/** Where X and Telegram take a link to post: their own share pages, in a new tab. */
export function shareTargets(url: string, title: string): { x: string; telegram: string } {
  return {
    x: `https://x.com/intent/post?${new URLSearchParams({ text: title, url })}`,
    telegram: `https://t.me/share/url?${new URLSearchParams({ url, text: title })}`,
  };
}

/**
 * Share as people expect: copy the link (for a video also at the moment playing now), post it on X
 * or Telegram, copy the code that embeds the player on another site, or the phone's own share
 * sheet where there is one; for videos, shorts and streams.
 */
export function ShareMenuLoaded({
  videoId,
  embedId = videoId,
  title,
  path,
  onShared,
  children,
  align = 'end',
  side,
  currentTime,
  portrait,
  defaultOpen = false,
}: ShareMenuProps & { defaultOpen?: boolean }) {
  const url = absoluteUrl(path);
  const [embedding, setEmbedding] = useState(false);
  // The position when the menu opened: the "start at" items say it and use it. A menu pressed before
  // its code arrived opens already open (`defaultOpen`), without an open change to read it then.
  const [at, setAt] = useState(() => (defaultOpen ? (currentTime?.() ?? 0) : 0));
  const counted = async () =>
    videoId &&
    recordShare(videoId).then(
      (r) => onShared?.(r.shares),
      () => undefined,
    );

  const copy = async (link: string, what = 'Link') => {
    if (await copyToClipboard(link)) {
      toast.success(`${what} copied`, { description: link });
      void counted();
    } else {
      toast.error(`Could not copy the ${what.toLowerCase()}`, { description: link });
    }
  };

  const share = async () => {
    try {
      await navigator.share({ title, url });
      void counted();
    } catch (err) {
      // Closing the share sheet is not an error.
      if (err instanceof DOMException && err.name === 'AbortError') return;
      await copy(url);
    }
  };

  const open = (target: string) => {
    window.open(target, '_blank', 'noopener,noreferrer');
    void counted();
  };
  const targets = shareTargets(url, title);
  const start = Math.floor(at);

  return (
    <>
      <DropdownMenu modal={false} defaultOpen={defaultOpen} onOpenChange={(o) => o && setAt(currentTime?.() ?? 0)}>
        <DropdownMenuTrigger asChild>{children}</DropdownMenuTrigger>
        <DropdownMenuContent align={align} side={side} className="min-w-52" focusFirstItem={defaultOpen}>
          <DropdownMenuItem onSelect={() => void copy(url)}>
            <Link2 aria-hidden /> Copy link
          </DropdownMenuItem>
          {currentTime && start > 0 ? (
            <DropdownMenuItem onSelect={() => void copy(atTime(url, start))}>
              <Clock aria-hidden /> Copy link at {formatDuration(start)}
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem onSelect={() => open(targets.x)}>
            <XLogoIcon aria-hidden /> Post on X
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => open(targets.telegram)}>
            <Send aria-hidden /> Share on Telegram
          </DropdownMenuItem>
          {embedId ? (
            <DropdownMenuItem onSelect={() => setEmbedding(true)}>
              <Code aria-hidden /> Embed
            </DropdownMenuItem>
          ) : null}
          {canShareNatively() ? (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => void share()}>
                <Share2 aria-hidden /> Share via…
              </DropdownMenuItem>
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      {embedId ? (
        <LazyDialog
          open={embedding}
          onOpenChange={setEmbedding}
          title="Embed"
          description="Paste this code into a page to play it there. The player links back to Glint."
          loading="Loading the embed code"
          className="sm:max-w-lg"
        >
          <EmbedCode
            code={(from) => embedCode(window.location.origin, { id: embedId, title, portrait: !!portrait }, from)}
            start={currentTime ? start : 0}
            onCopy={(code) => void copy(code, 'Embed code')}
          />
        </LazyDialog>
      ) : null}
    </>
  );
}

/** The `<iframe>` code, selectable, with "Start at" for a video playing past its start. */
function EmbedCode({ code, start, onCopy }: { code: (start: number | null) => string; start: number; onCopy: (code: string) => void }) {
  const [fromNow, setFromNow] = useState(false);
  const id = useId();
  const text = code(fromNow ? start : null);
  return (
    <div className="flex flex-col gap-3">
      <Textarea
        readOnly
        aria-label="Embed code"
        data-testid="embed-code"
        value={text}
        rows={4}
        className="font-mono text-xs"
        onFocus={(e) => e.currentTarget.select()}
      />
      {start > 0 ? (
        <label htmlFor={id} className="flex items-center gap-2 text-sm">
          <input id={id} type="checkbox" checked={fromNow} onChange={(e) => setFromNow(e.target.checked)} />
          Start at {formatDuration(start)}
        </label>
      ) : null}
      <Button onClick={() => onCopy(text)} className="self-end">
        Copy embed code
      </Button>
    </div>
  );
}
