import { useQueryClient } from '@tanstack/react-query';
import { Loader2, Lock } from 'lucide-react';
import { useReducer } from 'react';
import { Link } from 'react-router';
import { toast } from '../../lib/toast';
import { formatUsdc, SIGN_IN_TO_UNLOCK, usdcToMicros } from '../../../shared/x402/x402-rules';
import type { VideoDetail } from '../../../shared/videos/videos';
import { useAuthDialog } from '../auth/auth-dialog-context';
import { useSession } from '../auth/session';
import { cn } from '../../lib/utils';
import { Button } from '../../ui/button';
import { videoKeys } from '../videos/queries';
import { browserHost } from '../wallet/phantom-provider';
import { walletErrorMessage } from '../wallet/wallet-errors';
import { x402Keys } from './queries';
import { idleUnlock, isUnlocking, unlockLabel, unlockReducer } from './unlock-machine';
import { mediaUrl } from '../../lib/native/api-origin';

/**
 * A priced video the viewer has not unlocked: its poster, dimmed, with "Unlock for $N". A guest
 * is asked to sign in (the purchase is kept on the account, for any device); a viewer pays with
 * Phantom over x402, and once the server has settled the payment the video plays.
 */
export function LockedPoster({
  video: v,
  tall = false,
  className,
}: {
  video: Pick<VideoDetail, 'id' | 'title' | 'thumbnailUrl' | 'priceUsdc' | 'creator'>;
  tall?: boolean;
  className?: string;
}) {
  const { user } = useSession();
  const { openAuthDialog } = useAuthDialog();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(unlockReducer, idleUnlock);
  const price = formatUsdc(v.priceUsdc ?? '0');
  const busy = isUnlocking(state);

  const unlock = async () => {
    if (!user) {
      toast.info(SIGN_IN_TO_UNLOCK);
      return openAuthDialog('login');
    }
    dispatch({ type: 'start' });
    let wallet;
    try {
      // The wallet code (address checks, base58) loads with the first unlock, not with the player.
      const { connectPhantom } = await import('../wallet/phantom');
      wallet = await connectPhantom({ host: browserHost });
    } catch (error) {
      return dispatch({ type: 'failed', error: walletErrorMessage(error, 'connect', 'Could not connect to Phantom') });
    }
    try {
      // The x402 packages load with the first unlock, not with the app.
      const { unlockVideo } = await import('./unlock');
      const { transaction } = await unlockVideo({
        videoId: v.id,
        priceMicroUsdc: usdcToMicros(v.priceUsdc ?? '0') ?? 0,
        address: wallet.address,
        provider: wallet.provider,
        onStep: (step) => dispatch({ type: 'step', step }),
      });
      dispatch({ type: 'unlocked', transaction });
      toast.success(`Unlocked “${v.title}”`, { description: 'It is yours to watch again on any device.' });
      await Promise.all([queryClient.invalidateQueries({ queryKey: videoKeys.detail(v.id) }), queryClient.invalidateQueries({ queryKey: x402Keys.unlocked })]);
    } catch (error) {
      dispatch({ type: 'failed', error: error instanceof Error ? error.message : 'Could not unlock this video' });
    }
  };

  return (
    <div
      className={cn('relative w-full overflow-hidden bg-black text-white', tall ? 'h-full' : 'aspect-video rounded-xl', className)}
      data-testid="locked-poster"
    >
      {v.thumbnailUrl ? (
        <img src={mediaUrl(v.thumbnailUrl)} alt="" className="absolute inset-0 size-full scale-105 object-cover opacity-45 blur-[2px]" />
      ) : null}
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black/30 p-6 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-white/15 backdrop-blur">
          <Lock aria-hidden className="size-6" />
        </span>
        <p className="text-lg font-semibold">Pay-per-view</p>
        <p className="max-w-sm text-sm text-white/85">
          Pay {price} once in USDC with Phantom and watch it on any device. The USDC goes straight to @{v.creator.username}.
        </p>
        <Button variant="brand" size="lg" className="rounded-full" disabled={busy} onClick={() => void unlock()}>
          {busy ? <Loader2 aria-hidden className="animate-spin" /> : <Lock aria-hidden />}
          {unlockLabel(state, price)}
        </Button>
        {state.at === 'idle' && state.error ? (
          <p role="alert" className="max-w-sm rounded-md bg-black/60 px-3 py-2 text-sm text-red-200">
            {state.error}
          </p>
        ) : null}
        <Link to="/x402-explained" className="text-xs text-white/75 underline underline-offset-4 hover:text-white">
          How X402 payments work
        </Link>
      </div>
    </div>
  );
}
