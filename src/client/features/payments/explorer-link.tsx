import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A payment's transaction on the explorer, in a new tab; nothing while there is none. `before`
 * stands in front of it only when it is there (a ` · ` in a line of details).
 */
export function ExplorerLink({
  href,
  className,
  iconClassName = 'size-3.5',
  before,
  children,
}: {
  href: string | null | undefined;
  className: string;
  iconClassName?: string;
  before?: string;
  children: ReactNode;
}) {
  if (!href) return null;
  return (
    <>
      {before}
      <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
        {children} <ExternalLink aria-hidden className={iconClassName} />
      </a>
    </>
  );
}
