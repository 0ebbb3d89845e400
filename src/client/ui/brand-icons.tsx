import type { SVGProps } from 'react';

/**
 * Marks of other services, drawn here (lucide carries no brand logos, and the CSP allows no remote
 * images for UI): the sign-in ones. The header's are in header-icons.tsx, apart, so the sign-in
 * marks load with the dialogs that show them and not with every first screen.
 */

export function GoogleIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden {...props}>
      <path fill="#4285F4" d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.21 3.31v2.77h3.57c2.08-1.92 3.28-4.74 3.28-8.09Z" />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23Z"
      />
      <path fill="#FBBC05" d="M5.84 14.09A6.6 6.6 0 0 1 5.49 12c0-.73.13-1.43.35-2.09V7.07H2.18A11 11 0 0 0 1 12c0 1.78.43 3.45 1.18 4.93l3.66-2.84Z" />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1A11 11 0 0 0 2.18 7.07l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38Z"
      />
    </svg>
  );
}

export function PhantomIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden {...props}>
      <path
        fill="#AB9FF2"
        d="M12 2.5c-5 0-8.75 3.9-8.75 8.9v7.4c0 1.05 1.2 1.66 2.05 1.04l1.2-.88a1.2 1.2 0 0 1 1.42 0l1.3.95c.45.33 1.06.33 1.5 0l.57-.42a1.2 1.2 0 0 1 1.42 0l.57.42c.44.33 1.05.33 1.5 0l1.3-.95a1.2 1.2 0 0 1 1.42 0l1.2.88c.85.62 2.05.01 2.05-1.04v-7.4c0-5-3.75-8.9-8.75-8.9Z"
      />
      <ellipse cx="9.2" cy="10.6" rx="1.25" ry="1.9" fill="#fff" />
      <ellipse cx="14.4" cy="10.6" rx="1.25" ry="1.9" fill="#fff" />
    </svg>
  );
}
