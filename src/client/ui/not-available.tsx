import { ShieldAlert, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { documentTitle } from '../../shared/platform/page-titles';
import { usePageTitle } from '../lib/page-title';
import { Button } from './button';
import { EmptyState } from './empty-state';

/**
 * The page of a stream or video that is not there, or (`removed`, the server's words) one a
 * moderator removed: what happened, a way to the list it came from (`browse`), and Home.
 */
export function NotAvailable({
  noun,
  icon,
  removed,
  description,
  browse,
}: {
  noun: string;
  icon: LucideIcon;
  removed?: string | undefined;
  /** Why it may be missing, when it was not removed. */
  description: string;
  browse: { to: string; label: string };
}) {
  usePageTitle(documentTitle(`${noun[0]!.toUpperCase()}${noun.slice(1)} unavailable`));
  return (
    <EmptyState
      icon={removed ? ShieldAlert : icon}
      headingLevel="h1"
      title={removed ? `This ${noun} was removed` : `This ${noun} is not available`}
      description={removed ?? description}
      action={
        <>
          <Button asChild>
            <Link to={browse.to}>{browse.label}</Link>
          </Button>
          <Button variant="outline" asChild>
            <Link to="/app">Back to Home</Link>
          </Button>
        </>
      }
      className="mt-6"
    />
  );
}
