import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { PageSpinner } from '../../ui/spinner';
import { useSession } from './session';

/**
 * Guards the screens that need a verified login (docs/product.md §4): a spinner while the session loads;
 * guests and unverified users go to /app, unverified ones told why.
 */
export function RequireVerified() {
  const { status } = useSession();
  const navigate = useNavigate();

  useEffect(() => {
    if (status === 'guest' || status === 'unverified') {
      if (status === 'unverified') {
        toast.error('Email Verification Required', {
          id: 'email-verification-required',
          description: 'Confirm your email address with the link we sent you to open this page.',
        });
      }
      void navigate('/app', { replace: true });
    }
  }, [status, navigate]);

  return status === 'verified' ? <Outlet /> : <PageSpinner />;
}
