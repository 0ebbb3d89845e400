import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { PageSpinner } from '../../ui/spinner';
import { useSession } from './session';

/**
 * Guards the screens any signed-in account needs, verified or not (settings: an unverified
 * account must still reach its email, sessions and password): a spinner while the session
 * loads, guests go to /app.
 */
export function RequireUser() {
  const { status } = useSession();
  const navigate = useNavigate();

  useEffect(() => {
    if (status === 'guest') void navigate('/app', { replace: true });
  }, [status, navigate]);

  return status === 'verified' || status === 'unverified' ? <Outlet /> : <PageSpinner />;
}
