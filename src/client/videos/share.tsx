import { cloneElement, isValidElement, Suspense, useState, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import { lazyAfterLoad } from '../lib/lazy-after-load';

/** The address to share, absolute. */
export function absoluteUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}

export interface ShareMenuProps {
  /** A video's shares are counted (and notify its owner); a stream's are not. */
  videoId?: string;
  title: string;
  /** The page to share, e.g. `/{product}/alice/my-video/<id>`. */
  path: string;
  onShared?: (shares: number) => void;
  /** The trigger (a button). */
  children: ReactNode;
  align?: 'start' | 'center' | 'end';
  side?: 'top' | 'right' | 'bottom' | 'left';
}

// The menu (Radix dropdown) loads once the page has; until then its button stands alone, and a
// press on it loads the menu at once and opens it when it arrives.
const ShareMenuLoaded = lazyAfterLoad(() => import('./share-menu').then((m) => ({ default: m.ShareMenuLoaded })));

/** Share as people expect: copy the link, or the phone's own share sheet where there is one; for videos and streams. */
export function ShareMenu(props: ShareMenuProps) {
  const [pressed, setPressed] = useState(false);
  const trigger = isValidElement<{ onClick?: (e: MouseEvent) => void }>(props.children)
    ? cloneElement(props.children as ReactElement<{ onClick?: (e: MouseEvent) => void }>, {
        onClick: () => {
          setPressed(true);
          ShareMenuLoaded.preload();
        },
      })
    : props.children;
  return (
    <Suspense fallback={trigger}>
      <ShareMenuLoaded {...props} defaultOpen={pressed} />
    </Suspense>
  );
}
