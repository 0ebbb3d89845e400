import { Copy, LogOut } from 'lucide-react';
import type { ReactElement } from 'react';
import { useSession } from '../auth/session';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '../../ui/dropdown-menu';
import { useWalletState } from './use-wallet-state';
import { copyWalletAddress } from './wallet-button';

/**
 * The header's menu for a linked wallet: the full address, Copy address and Disconnect.
 * `defaultOpen`: its button was pressed while this code was still loading.
 */
export function LinkedWalletMenu({ address, trigger, defaultOpen = false }: { address: string; trigger: ReactElement; defaultOpen?: boolean }) {
  const { actions } = useSession();
  const { step } = useWalletState();
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
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
