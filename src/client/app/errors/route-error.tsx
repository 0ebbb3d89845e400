import { RefreshCw, TriangleAlert } from 'lucide-react';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/platform/product';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';

/**
 * A screen's code could not be fetched. Screens, menus and dialogs load on demand, so after a
 * deploy an open page may ask for files the new version no longer has: reloading fixes it.
 */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

export const APP_UPDATED_TITLE = `${PRODUCT_NAME} was updated`;
export const APP_UPDATED_MESSAGE = 'This page could not load part of the app, most likely because a newer version came out. Reload to get it.';

/** A screen that failed to load or render; a reload fetches the newest app if it was updated meanwhile. */
export function RouteError() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const message = chunk
    ? APP_UPDATED_MESSAGE
    : isRouteErrorResponse(error)
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
        title={chunk ? APP_UPDATED_TITLE : 'Something went wrong'}
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
