import { RefreshCw, TriangleAlert } from 'lucide-react';
import { Button } from './button';
import { EmptyState } from './empty-state';

/** A failed load, with the server's message and a way to try again. */
export function ErrorState({
  error,
  onRetry,
  title = 'Something went wrong',
  compact,
  headingLevel,
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
  compact?: boolean;
  headingLevel?: 'h1' | 'h2' | 'h3';
}) {
  const message = error instanceof Error && error.message ? error.message : 'The request failed. Check your connection.';
  return (
    <EmptyState
      icon={TriangleAlert}
      tone="error"
      title={title}
      description={message}
      compact={compact}
      headingLevel={headingLevel}
      action={
        onRetry ? (
          <Button variant="outline" size="sm" onClick={onRetry}>
            <RefreshCw /> Try again
          </Button>
        ) : undefined
      }
    />
  );
}
