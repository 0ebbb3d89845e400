import type { SVGProps } from 'react';

/** The marks of other services in the header, drawn here like those in brand-icons.tsx. */

export function XLogoIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden {...props}>
      <path d="M18.244 2.25h3.308l-7.227 8.26 8.502 11.24H16.17l-5.214-6.817L4.99 21.75H1.68l7.73-8.835L1.254 2.25H8.08l4.713 6.231 5.45-6.231Zm-1.161 17.52h1.833L7.084 4.126H5.117L17.083 19.77Z" />
    </svg>
  );
}

/** A two-tone capsule, the token-launch site's mark. */
export function PumpPillIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden {...props}>
      <g transform="rotate(-45 12 12)">
        <rect x="3" y="8" width="18" height="8" rx="4" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path d="M12 8.9h-5a3.1 3.1 0 0 0 0 6.2h5Z" fill="#5ee39b" />
        <path d="M12 8v8" stroke="currentColor" strokeWidth="1.8" />
      </g>
    </svg>
  );
}
