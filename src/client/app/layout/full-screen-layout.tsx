import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '../../ui/spinner';

/** No chrome: the shorts player owns the whole screen (docs/product.md §2). */
export function FullScreenLayout() {
  return (
    <div className="dark min-h-dvh bg-black text-white">
      <Suspense
        fallback={
          <div className="flex h-dvh items-center justify-center">
            <Spinner className="size-8 text-white" />
          </div>
        }
      >
        <Outlet />
      </Suspense>
    </div>
  );
}
