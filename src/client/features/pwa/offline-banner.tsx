import { WifiOff } from 'lucide-react';
import { useOffline } from '../../lib/connectivity';

/**
 * Says so while the app cannot reach Glint (no network, or the server does not answer). Screens
 * keep what they have loaded; the banner goes away by itself and data refetches once it is back.
 */
export function OfflineBanner() {
  const offline = useOffline();
  if (!offline) return null;
  return (
    <div
      role="status"
      aria-label="Connection"
      className="fixed inset-x-0 bottom-20 z-50 mx-auto flex w-fit max-w-[calc(100%-2rem)] items-center gap-3 rounded-xl border border-amber-500/40 bg-background/95 px-4 py-3 text-sm shadow-lg backdrop-blur lg:bottom-6"
    >
      <WifiOff aria-hidden className="size-5 shrink-0 text-amber-600 dark:text-amber-400" />
      <div className="min-w-0">
        <p className="font-semibold">You are offline</p>
        <p className="text-muted-foreground">Glint reconnects by itself when the network is back.</p>
      </div>
    </div>
  );
}
