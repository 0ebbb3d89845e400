import { Coins } from 'lucide-react';
import { lazy, type ReactNode } from 'react';
import { useMemberDialog } from '../auth/use-member-dialog';
import { cn } from '../../lib/utils';
import { Button, type ButtonProps } from '../../ui/button';
import { LazyDialog } from '../../ui/lazy-dialog';

export interface TipTarget {
  /** The creator's username. */
  username: string;
  /** What is tipped: a stream, video or short of theirs; none for the profile itself. */
  content?: { type: 'livestream' | 'glint_video' | 'short_video'; id: string };
}

// The form, the pay flow and Solana's transaction code load when the dialog first opens.
const TipFlow = lazy(() => import('./tip-flow').then((m) => ({ default: m.TipFlow })));

/**
 * "Tip" in SOL, on a live stream, a video, a short and a profile. Hidden on your own things; a
 * guest is asked to sign in; a creator without a wallet is explained in the dialog. The tip is
 * paid from Phantom and counts once the server has verified it on chain.
 */
export function TipButton({
  target,
  className,
  size = 'default',
  variant = 'outline',
  trigger,
}: {
  target: TipTarget;
  className?: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
  /** Draws the control that opens the dialog, where a plain button would not fit (the shorts rail). */
  trigger?: (onClick: () => void) => ReactNode;
}) {
  const { hidden, open, setOpen, onClick } = useMemberDialog((user) => user.username.toLowerCase() === target.username.toLowerCase());
  if (hidden) return null;
  return (
    <>
      {trigger ? (
        trigger(onClick)
      ) : (
        <Button variant={variant} size={size} className={cn('rounded-full', className)} onClick={onClick} title={`Tip @${target.username} in SOL`}>
          <Coins aria-hidden /> Tip
        </Button>
      )}
      <LazyDialog
        open={open}
        onOpenChange={setOpen}
        className="max-w-md"
        title={`Tip @${target.username}`}
        description="Send SOL from your Phantom wallet straight to the creator’s wallet. It counts once it is confirmed on chain."
        loading="Loading the tip form"
      >
        <TipFlow target={target} onClose={() => setOpen(false)} />
      </LazyDialog>
    </>
  );
}
