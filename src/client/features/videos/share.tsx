import { cloneElement, isValidElement, Suspense, type MouseEvent, type ReactNode } from 'react';
import { lazyAfterLoad, usePressBeforeLoad } from '../../lib/lazy-after-load';

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
  /** A long video's player position, for links and embeds that start there (`?t=`). */
  currentTime?: () => number;
  /** A short: its embed is upright. */
  portrait?: boolean;
  /** The id the embed plays (a video's or a stream's); none: no embed offered. */
  embedId?: string;
  side?: 'top' | 'right' | 'bottom' | 'left';
}

// The menu (Radix dropdown) loads once the page has; until then its button stands alone, and a
// press on it loads the menu at once and opens it when it arrives.
const ShareMenuLoaded = lazyAfterLoad(() => import('./share-menu').then((m) => ({ default: m.ShareMenuLoaded })));

/** Share as people expect: copy the link (at the current time too), X, Telegram, the embed code, and the phone's own share sheet where there is one; for videos and streams. */
export function ShareMenu(props: ShareMenuProps) {
  const menu = usePressBeforeLoad(ShareMenuLoaded);
  // Until the menu's code is here, the caller's button stands alone; a press on it (its own
  // handler too) loads the menu, which then opens.
  const button = props.children;
  const trigger = isValidElement<{ onClick?: (e: MouseEvent) => void }>(button)
    ? cloneElement(button, {
        onClick: (e: MouseEvent) => {
          button.props.onClick?.(e);
          menu.press();
        },
      })
    : button;
  return (
    <Suspense fallback={trigger}>
      <ShareMenuLoaded {...props} defaultOpen={menu.pressed} />
    </Suspense>
  );
}
