import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';

const FALLBACK = 'Failed to sign in with Google. Please try again.';

/**
 * docs/product.md §2 "Error in address": a sign-in provider sends people back with `error` and
 * `error_description`; say so once, then take them out of the address so a reload is quiet.
 */
export function AddressErrorToast() {
  const [params, setParams] = useSearchParams();
  const hasError = params.has('error') && params.has('error_description');
  const description = params.get('error_description')?.trim() || FALLBACK;
  const shown = useRef<string | null>(null);

  useEffect(() => {
    if (!hasError) {
      shown.current = null;
      return;
    }
    // Strict mode runs effects twice; one address gives one toast.
    if (shown.current !== description) {
      shown.current = description;
      toast.error('Authentication Error', { id: 'address-auth-error', description });
    }
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('error');
        next.delete('error_description');
        return next;
      },
      { replace: true },
    );
  }, [hasError, description, setParams]);

  return null;
}
