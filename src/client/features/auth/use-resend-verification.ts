import { useState } from 'react';
import { useSession } from './session';

/** "Resend" of the verification email, and whether it is being sent (to disable the button meanwhile). */
export function useResendVerification(email: string) {
  const { actions } = useSession();
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    try {
      await actions.resendVerification(email);
    } finally {
      setSending(false);
    }
  };
  return { sending, resend };
}
