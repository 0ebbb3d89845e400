import { useQueryClient } from '@tanstack/react-query';
import { Link2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { goToProvider, linkGoogle, messageOf, unlinkAccount, type LinkedAccount } from '../auth/auth-api';
import { Badge } from '../../ui/badge';
import { GoogleIcon } from '../../ui/brand-icons';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { settingsKeys } from './queries';
import { SettingsSection } from './settings-section';

/** Why Google sent the person back without linking (Better Auth's `error` codes). */
const LINK_ERRORS: Record<string, string> = {
  email_does_not_match: 'Choose the Google account that uses the same email as your Glint account.',
  account_already_linked_to_different_user: 'That Google account already signs in to another Glint account.',
  access_denied: 'Google sign-in was cancelled.',
};

/**
 * Google sends the person back to /settings?linked=google, or /settings?error=code when the link
 * failed. Say so once, then take it out of the address. (With an error_description the app-wide
 * address toast speaks instead.)
 */
function useLinkOutcomeToast() {
  const [params, setParams] = useSearchParams();
  const error = params.has('error_description') ? null : params.get('error');
  const linked = params.get('linked') === 'google';
  useEffect(() => {
    if (!error && !linked) return;
    if (error) {
      toast.error('Could not link Google', { id: 'link-google', description: LINK_ERRORS[error] ?? 'Google did not complete the link. Please try again.' });
    } else {
      toast.success('Google account linked', { id: 'link-google', description: 'You can now sign in with Google.' });
    }
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('error');
        next.delete('linked');
        return next;
      },
      { replace: true },
    );
  }, [error, linked, setParams]);
}

/** Google as a way to sign in: link it (a round trip through Google back to /settings) or unlink it. */
export function ConnectedAccountsSection({ accounts }: { accounts: readonly LinkedAccount[] }) {
  const queryClient = useQueryClient();
  useLinkOutcomeToast();
  const google = accounts.find((a) => a.providerId === 'google');
  const linked = !!google;
  const [running, setRunning] = useState(false);

  const link = async () => {
    setRunning(true);
    try {
      const { url } = await linkGoogle();
      goToProvider(url);
    } catch (err) {
      toast.error('Could not link Google', { description: messageOf(err) });
      setRunning(false);
    }
  };

  const unlink = async () => {
    setRunning(true);
    try {
      await unlinkAccount(google!.id);
      toast.success('Google account unlinked');
      await queryClient.invalidateQueries({ queryKey: settingsKeys.accounts() });
    } catch (err) {
      toast.error('Could not unlink Google', { description: messageOf(err) });
    } finally {
      setRunning(false);
    }
  };

  return (
    <SettingsSection id="connected-accounts" icon={Link2} title="Connected accounts" description="Other ways to sign in to this account.">
      <div className="flex flex-wrap items-center gap-3 rounded-lg border bg-muted/30 px-4 py-3" data-testid="google-connection">
        <GoogleIcon className="size-5" aria-hidden />
        <div className="min-w-0 flex-1">
          <p className="font-medium">Google</p>
          <p className="text-sm text-muted-foreground">{linked ? 'You can sign in with your Google account.' : 'Sign in with one click using Google.'}</p>
        </div>
        {linked ? <Badge variant="success">Connected</Badge> : <Badge variant="secondary">Not connected</Badge>}
        <Button size="sm" variant={linked ? 'outline' : 'brand'} disabled={running} onClick={() => void (linked ? unlink() : link())}>
          {running ? <Spinner className="size-4 text-current" label={linked ? 'Unlinking' : 'Linking'} /> : null}
          {linked ? 'Unlink' : 'Link'}
        </Button>
      </div>
    </SettingsSection>
  );
}
