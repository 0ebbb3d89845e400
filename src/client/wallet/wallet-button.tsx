import { Copy, LogOut, Wallet } from 'lucide-react';
import { useSession } from '../auth/session';
import { copyWithToast } from '../lib/clipboard';
import { Button } from '../ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '../ui/dropdown-menu';
import { Spinner } from '../ui/spinner';
import { useWalletState } from './use-wallet-state';
import { shortAddress } from './wallet-errors';

export const copyWalletAddress = (address: string) => copyWithToast(address, 'Wallet address');

/**
 * The top bar's wallet button (docs/product.md §2). Guests connect Phantom to log in or sign up; signed-in
 * users link a wallet. Once one is linked it shows the address, with Copy address and Disconnect.
 */
export function WalletButton() {
  const { user, actions } = useSession();
  const { step } = useWalletState();
  const address = user?.publicWalletAddress;

  if (user && address) {
    const short = shortAddress(address);
    return (
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm" aria-label={`Wallet ${short}`} className="h-9 rounded-full px-2.5 sm:px-3">
            <Wallet aria-hidden />
            <span className="hidden font-mono sm:inline">{short}</span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuLabel className="flex flex-col gap-0.5">
            <span className="text-xs font-normal text-muted-foreground">Connected wallet</span>
            <span className="font-mono text-xs break-all">{address}</span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => void copyWalletAddress(address)}>
            <Copy aria-hidden /> Copy address
          </DropdownMenuItem>
          <DropdownMenuItem variant="destructive" disabled={!!step} onSelect={() => void actions.disconnectWallet?.()}>
            <LogOut aria-hidden /> Disconnect
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
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
