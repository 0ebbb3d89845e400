import { Copy, LogOut, Wallet } from 'lucide-react';
import { useSession } from '../auth/session';
import { DropdownMenuItem, DropdownMenuLabel } from '../../ui/dropdown-menu';
import { useWalletState } from './use-wallet-state';
import { copyWalletAddress } from './wallet-button';
import { shortAddress } from './wallet-errors';

/** The mobile user menu's Wallet entry (docs/product.md §2): connect, or the linked address with Copy and Disconnect. */
export function WalletMenuItems() {
  const { user, actions } = useSession();
  const { step } = useWalletState();
  if (!user) return null;
  const address = user.publicWalletAddress;
  if (!address) {
    return (
      <DropdownMenuItem disabled={!!step} onSelect={() => void actions.connectPhantom?.()}>
        <Wallet aria-hidden /> Wallet
        <span className="ml-auto text-xs text-muted-foreground">Connect</span>
      </DropdownMenuItem>
    );
  }
  return (
    <>
      <DropdownMenuLabel className="flex items-center gap-2 text-xs font-normal text-muted-foreground">
        <Wallet aria-hidden className="size-4" /> Wallet
        <span className="ml-auto font-mono">{shortAddress(address)}</span>
      </DropdownMenuLabel>
      <DropdownMenuItem onSelect={() => void copyWalletAddress(address)}>
        <Copy aria-hidden /> Copy address
      </DropdownMenuItem>
      <DropdownMenuItem variant="destructive" disabled={!!step} onSelect={() => void actions.disconnectWallet?.()}>
        <LogOut aria-hidden /> Disconnect Wallet
      </DropdownMenuItem>
    </>
  );
}
