import { Settings } from 'lucide-react';
import { useSession } from '../auth/session';
import { PageHeader } from '../../ui/page-header';
import { PaymentsSection } from '../payments/payments-section';
import { SalesSection, UnlockedSection } from '../x402/x402-sections';
import { Skeleton } from '../../ui/skeleton';
import { ClipsSection } from './clips-section';
import { ModeratorsSection } from './moderators-section';
import { AllowedLinksSection, BlockedAccountsSection, BlockedWordsSection } from './chat-safety-sections';
import { ConnectedAccountsSection } from './connected-accounts-section';
import { EmailSection } from './email-section';
import { PasswordSection } from './password-section';
import { useLinkedAccountsQuery } from './queries';
import { SessionsSection } from './sessions-section';
import { TwoFactorSection } from './two-factor-section';
import { VerificationSection } from './verification-section';
import { YourDataSection } from './your-data-section';

/** /settings: the signed-in person's account: email, password, two-factor, Google, verification, tips and payments, clips, chat moderators, blocked words and allowed links, pay-per-view, blocked accounts, sessions, and your data (download, delete). */
export default function SettingsScreen() {
  const { user, status } = useSession();
  const accounts = useLinkedAccountsQuery();
  const providers = accounts.data?.map((a) => a.providerId) ?? [];
  // Wallet and Google accounts have no password: nothing to change, nothing to ask for.
  const hasPassword = providers.includes('credential');

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageHeader icon={<Settings aria-hidden />} title="Settings" description="Your account, sign-in methods and security." />
      {user ? (
        <>
          <EmailSection user={user} />
          {accounts.isPending ? (
            <Skeleton className="h-48 rounded-xl" />
          ) : (
            <>
              {hasPassword ? <PasswordSection /> : null}
              <TwoFactorSection user={user} hasPassword={hasPassword} />
              <ConnectedAccountsSection accounts={accounts.data ?? []} />
            </>
          )}
          <VerificationSection user={user} />
          <PaymentsSection userId={user.id} />
          {status === 'verified' ? <ClipsSection /> : null}
          {status === 'verified' ? <ModeratorsSection /> : null}
          {status === 'verified' ? <BlockedWordsSection /> : null}
          {status === 'verified' ? <AllowedLinksSection /> : null}
          <UnlockedSection />
          <SalesSection />
          <BlockedAccountsSection />
          <SessionsSection />
          {accounts.isPending ? null : <YourDataSection user={user} hasPassword={hasPassword} />}
        </>
      ) : null}
    </div>
  );
}
