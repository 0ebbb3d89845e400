import { MailWarning, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useSession } from './session';
import { useResendVerification } from './use-resend-verification';

const DISMISSED_KEY = 'glint.verify-banner-dismissed';

function readDismissed(): string | null {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

/**
 * Tells a signed-in, unverified account (docs/product.md §4) why creating is closed and offers the link
 * again. Dismissed, it stays away for this browser tab's session.
 */
export function VerifyEmailBanner() {
  const { status, user } = useSession();
  const [dismissedFor, setDismissedFor] = useState(readDismissed);
  const { sending, resend } = useResendVerification(user?.email ?? '');
  if (status !== 'unverified' || !user?.email || dismissedFor === user.id) return null;

  const dismiss = () => {
    setDismissedFor(user.id);
    try {
      window.sessionStorage.setItem(DISMISSED_KEY, user.id);
    } catch {
      // Storage unavailable: dismissed until the next reload.
    }
  };

  return (
    <div
      role="region"
      aria-label="Email verification"
      className="mb-5 flex flex-wrap items-center gap-3 rounded-xl border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm"
    >
      <MailWarning aria-hidden className="size-5 shrink-0 text-amber-600 dark:text-amber-400" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">Confirm your email to create content</p>
        <p className="text-muted-foreground">
          We sent a link to <span className="font-medium text-foreground">{user.email}</span>. Open it to go live, upload and post.
        </p>
      </div>
      <Button size="sm" variant="outline" disabled={sending} onClick={() => void resend()}>
        {sending ? <Spinner className="size-4 text-current" label="Sending" /> : null}
        Resend email
      </Button>
      <Button size="icon-sm" variant="ghost" aria-label="Dismiss" onClick={dismiss}>
        <X aria-hidden />
      </Button>
    </div>
  );
}
