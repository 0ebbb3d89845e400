import { Wallet } from 'lucide-react';
import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { useSession } from '../auth/session';
import { copyWithToast } from '../../lib/clipboard';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useWalletState } from './use-wallet-state';
import { shortAddress } from '../../lib/format';

export const copyWalletAddress = (address: string) => copyWithToast(address, 'Wallet address');

// The linked wallet's menu (Radix dropdown) loads after the first render; its button shows at once.
const LinkedWalletMenu = lazy(() => import('./linked-wallet-menu').then((m) => ({ default: m.LinkedWalletMenu })));

/** The linked wallet's short address, the trigger of its menu. */
export function LinkedWalletButton({ address, ...props }: { address: string } & ComponentProps<typeof Button>) {
  const short = shortAddress(address);
  return (
    <Button variant="outline" size="sm" aria-label={`Wallet ${short}`} className="h-9 rounded-full px-2.5 sm:px-3" {...props}>
      <Wallet aria-hidden />
      <span className="hidden font-mono sm:inline">{short}</span>
    </Button>
  );
}

/**
 * The top bar's wallet button (docs/product.md §2). Guests connect Phantom to log in or sign up; signed-in
 * users link a wallet. Once one is linked it shows the address, with Copy address and Disconnect.
 */
export function WalletButton() {
  const { user, actions } = useSession();
  const { step } = useWalletState();
  const address = user?.publicWalletAddress;
  // A press on the wallet's button before its menu's code arrived opens the menu when it does.
  const [pressed, setPressed] = useState(false);

  if (user && address) {
    return (
      <Suspense fallback={<LinkedWalletButton address={address} onClick={() => setPressed(true)} />}>
        <LinkedWalletMenu address={address} trigger={<LinkedWalletButton address={address} />} defaultOpen={pressed} />
      </Suspense>
    );
  }

  const busy = step === 'connecting' || step === 'linking';
  const connect = () => void actions.connectPhantom?.({ intent: 'signup' });
  const icon = busy ? <Spinner className="size-4 text-current" label="Connecting wallet" /> : <Wallet aria-hidden />;
  return (
    <>
      <Button variant="outline" size="sm" onClick={connect} disabled={busy} className="hidden h-9 rounded-full sm:inline-flex">
        {icon} Connect Wallet
      </Button>
      <Button variant="ghost" size="icon" onClick={connect} disabled={busy} aria-label="Connect Wallet" className="sm:hidden">
        {icon}
      </Button>
    </>
  );
}
