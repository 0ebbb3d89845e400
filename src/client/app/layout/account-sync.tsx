import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { BADGE_NAME } from '../../../shared/verification/badges';
import { refreshAfterAccountChange } from '../../features/auth/session';
import { useRealtimeEvent } from '../../features/realtime/realtime-provider';
import { badgeChanged, verificationKeys } from '../../features/verification/queries';

/**
 * What admins change about you reaches your open pages at once: a role granted or taken away
 * (the menu and the admin screens follow), and the outcome of your verification request (a
 * toast, and your badge wherever your name shows). Renders nothing; mounted once in the root.
 */
export function AccountSync() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const view = { label: 'View', onClick: () => void navigate('/settings#verification') };

  useRealtimeEvent('roles.changed', () => {
    void refreshAfterAccountChange(queryClient);
  });

  useRealtimeEvent('verification.decided', (mine) => {
    queryClient.setQueryData(verificationKeys.mine(), mine);
    badgeChanged(queryClient);
    const request = mine.request;
    if (request?.status === 'granted' && request.grantedBadge) {
      toast.success('Verification granted', {
        id: `verification-${request.id}`,
        description: `Your ${BADGE_NAME[request.grantedBadge].toLowerCase()} now shows beside your name.`,
        action: view,
      });
    } else if (request?.status === 'rejected') {
      toast('Verification request declined', { id: `verification-${request.id}`, description: request.reason, action: view });
    } else if (mine.verificationType === 'none') {
      toast('Verification badge removed', {
        id: 'verification-revoked',
        description: request?.status === 'revoked' ? request.reason : undefined,
        action: view,
      });
    }
  });

  return null;
}
