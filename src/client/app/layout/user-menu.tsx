import {
  CirclePlus,
  Clock,
  Flag,
  History,
  LayoutDashboard,
  ListVideo,
  LogIn,
  LogOut,
  Settings,
  ShieldCheck,
  User,
  UserCheck,
  UserCog,
  Zap,
} from 'lucide-react';
import { Link } from 'react-router';
import { useAuthDialog } from '../../features/auth/auth-dialog-context';
import { isAdmin, isModerator, useSession } from '../../features/auth/session';
import { useIsMobile } from '../../lib/use-media-query';
import { RoleBadge } from '../../features/profiles/role-badge';
import { VerificationBadge } from '../../features/profiles/verification-badge';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '../../ui/dropdown-menu';
import { WalletMenuItems } from '../../features/wallet/wallet-menu-items';
import { NotificationsMenuItem } from '../../features/notifications/notifications-menu-item';
import { UserMenuButton } from './user-menu-button';

/**
 * docs/product.md §2 user menu: Sign Up / Login for guests; the account's links when signed in.
 * `defaultOpen`: its button was pressed while this code was still loading.
 */
export function UserMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { user, actions } = useSession();
  const { openAuthDialog } = useAuthDialog();
  const isMobile = useIsMobile();

  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <UserMenuButton />
      </DropdownMenuTrigger>
      <DropdownMenuContent focusFirstItem={defaultOpen}>
        {user ? (
          <>
            <DropdownMenuLabel className="flex flex-col gap-1.5">
              <span className="flex items-center gap-1.5 font-semibold">
                <span className="truncate">{user.displayName}</span>
                <VerificationBadge type={user.verificationType} />
              </span>
              <span className="text-xs font-normal text-muted-foreground">@{user.username}</span>
              <RoleBadge roles={user.roles} />
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
            <DropdownMenuItem asChild>
              <Link to="/profile">
                <User aria-hidden /> Profile
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/submit">
                <CirclePlus aria-hidden /> Create Content
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/studio">
                <LayoutDashboard aria-hidden /> Creator Studio
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/x402-explained">
                <Zap aria-hidden /> X402 Protocol
              </Link>
            </DropdownMenuItem>
            {isModerator(user) ? (
              <DropdownMenuItem asChild>
                <Link to="/admin/reports">
                  <Flag aria-hidden /> Reports
                </Link>
              </DropdownMenuItem>
            ) : null}
            {isAdmin(user) ? (
              <>
                <DropdownMenuItem asChild>
                  <Link to="/admin/verification">
                    <ShieldCheck aria-hidden /> Verification
                  </Link>
                </DropdownMenuItem>
                <DropdownMenuItem asChild>
                  <Link to="/admin/roles">
                    <UserCog aria-hidden /> Roles
                  </Link>
                </DropdownMenuItem>
              </>
            ) : null}
            <DropdownMenuItem asChild>
              <Link to="/following">
                <UserCheck aria-hidden /> Following
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/history">
                <History aria-hidden /> History
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/playlist/watch-later">
                <Clock aria-hidden /> Watch later
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/playlists">
                <ListVideo aria-hidden /> Playlists
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/settings">
                <Settings aria-hidden /> Settings
              </Link>
            </DropdownMenuItem>
            {/* docs/product.md §2: on mobile the menu also carries the wallet. */}
            {isMobile ? <NotificationsMenuItem /> : null}
            {isMobile ? <WalletMenuItems /> : null}
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={() => void actions.signOut?.()}>
              <LogOut aria-hidden /> Sign Out
            </DropdownMenuItem>
          </>
        ) : (
          <DropdownMenuItem onSelect={() => openAuthDialog('signup')}>
            <LogIn aria-hidden /> Sign Up / Login
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
