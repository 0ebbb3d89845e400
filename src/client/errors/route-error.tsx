import { RefreshCw, TriangleAlert } from 'lucide-react';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';

/** A screen that failed to load or render; a reload fetches the newest app if it was updated meanwhile. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'An unexpected error occurred.';
  return (
    <div className="flex min-h-[60vh] items-center justify-center p-6">
      <EmptyState
        icon={TriangleAlert}
        tone="error"
        headingLevel="h1"
        title="Something went wrong"
        description={message}
        className="w-full max-w-lg"
        action={
          <>
            <Button variant="outline" onClick={() => window.location.reload()}>
              <RefreshCw aria-hidden /> Reload
            </Button>
            <Button asChild>
              <Link to="/app">Back to Home</Link>
            </Button>
          </>
        }
      />
    </div>
  );
}
