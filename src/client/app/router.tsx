import type { QueryClient } from '@tanstack/react-query';
import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { PRODUCT_SLUG } from '../../shared/platform/product';
import { RequireUser } from '../features/auth/require-user';
import { RequireVerified } from '../features/auth/require-verified';
import { RouteError } from './errors/route-error';
import { homeFeedQuery } from '../features/home/queries';
import { prefetchVideoDetail } from '../features/videos/detail-query';
import { shortsFeedQuery } from '../features/videos/feed-query';
import { FullScreenLayout } from './layout/full-screen-layout';
import { MainLayout } from './layout/main-layout';
import { PublicLayout } from './layout/public-layout';
import { Root } from './layout/root';
import { isNativePlatform, startRedirect } from '../lib/native/platform';

const StudioLayout = lazy(() => import('../features/studio/studio-layout'));

/** Sends `/` on to `/app` in the native app before the landing page is even loaded. */
function nativeStartLoader({ request }: LoaderFunctionArgs) {
  const to = startRedirect(new URL(request.url).pathname, isNativePlatform());
  return to ? redirect(to) : null;
}

/**
 * Starts reading the home feed with the navigation, beside the screen's code rather than after it;
 * the screen finds it under way. Without waiting: the layout renders at once all the same. A
 * category the screen has yet to check is left to the screen.
 */
const homeFeedLoader =
  (queryClient: QueryClient) =>
  ({ request }: LoaderFunctionArgs) => {
    if (!new URL(request.url).searchParams.has('category')) void queryClient.prefetchQuery(homeFeedQuery(null));
    return null;
  };

/** The same for a watch page's video. */
const videoLoader =
  (queryClient: QueryClient) =>
  ({ params }: LoaderFunctionArgs) => {
    prefetchVideoDetail(queryClient, params.id, { related: true });
    return null;
  };

/**
 * The shorts feed's first page, and the short named by the address or `?video=`, the same way.
 * Only on arrival: the address then follows the short on screen, which is no new visit to read for.
 */
const shortsLoader =
  (queryClient: QueryClient) =>
  ({ request, params }: LoaderFunctionArgs) => {
    void queryClient.prefetchInfiniteQuery(shortsFeedQuery());
    prefetchVideoDetail(queryClient, params.id ?? new URL(request.url).searchParams.get('video') ?? undefined);
    return null;
  };

/**
 * A route whose screen is its own chunk, loaded on first visit. React.lazy rather than the
 * route's `lazy`: the layout (header, sidebar, bottom bar) renders at once and only the screen
 * waits, inside the layout's Suspense boundary.
 */
function screen(path: string, load: () => Promise<{ default: ComponentType }>): RouteObject {
  const Screen = lazy(load);
  return { path, element: <Screen /> };
}

/**
 * One screen under several addresses (`/{product}/{id}` and `/{product}/{username}/{slug}/{id}`): the
 * same component for each, so moving between them (the canonical address, the shorts feed
 * following the current short) keeps the screen mounted and its player playing.
 */
function aliases(paths: string[], load: () => Promise<{ default: ComponentType }>, loader?: RouteObject['loader']): RouteObject[] {
  const Screen = lazy(load);
  return paths.map((path) => ({ path, element: <Screen />, ...(loader ? { loader } : {}) }));
}

/**
 * Every route of docs/product.md §2, mirroring `ROUTE_PATTERNS` in src/shared/platform/routes.ts (which the server
 * uses to answer 200 or 404). Screens are split per route; layouts load with the app.
 */
export const createRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    Component: Root,
    ErrorBoundary: RouteError,
    children: [
      {
        Component: PublicLayout,
        children: [
          {
            ErrorBoundary: RouteError,
            children: [
              // docs/product.md §2: the native app skips the landing page for the home feed.
              { ...screen('/', () => import('../features/landing/landing-screen')), loader: nativeStartLoader },
              screen('/bounties', () => import('../features/bounties/bounties-screen')),
              screen('/bounties/:id', () => import('../features/bounties/bounty-screen')),
              screen('/reset-password', () => import('../features/auth/reset-password-screen')),
              screen('/update-password', () => import('../features/auth/update-password-screen')),
              screen('/privacy-policy', () => import('../features/legal/privacy-policy-screen')),
              screen('/terms-of-service', () => import('../features/legal/terms-of-service-screen')),
              screen('/x402-explained', () => import('../features/x402/x402-screen')),
              screen('/leaving', () => import('../features/leaving/leaving-screen')),
              screen('*', () => import('./errors/not-found-screen')),
            ],
          },
        ],
      },
      {
        Component: MainLayout,
        children: [
          {
            ErrorBoundary: RouteError,
            children: [
              { ...screen('/app', () => import('../features/home/home-screen')), loader: homeFeedLoader(queryClient) },
              { ...screen('/trending', () => import('../features/home/trending-screen')), loader: homeFeedLoader(queryClient) },
              { ...screen('/upcoming', () => import('../features/home/upcoming-screen')), loader: homeFeedLoader(queryClient) },
              { ...screen('/recent', () => import('../features/home/recent-screen')), loader: homeFeedLoader(queryClient) },
              screen('/streams', () => import('../features/streams/pump-streams-screen')),
              screen('/token/:mint', () => import('../features/tokens/token-screen')),
              screen('/stream/:username/:titleSlug/:id', () => import('../features/streams/stream-screen')),
              screen('/stream/:id', () => import('../features/streams/stream-screen')),
              // The stream's creator only; anyone else sees a stream that is not available.
              screen('/studio/streams/:id', () => import('../features/streams/studio-stream-screen')),
              screen(`/${PRODUCT_SLUG}`, () => import('../features/videos/videos-screen')),
              ...aliases(
                [`/${PRODUCT_SLUG}/:username/:titleSlug/:id`, `/${PRODUCT_SLUG}/:id`],
                () => import('../features/videos/video-screen'),
                videoLoader(queryClient),
              ),
              screen('/profile/:username', () => import('../features/profiles/profile-screen')),
              screen('/playlist/:id', () => import('../features/playlists/playlist-screen')),
              screen('/search', () => import('../features/search/search-screen')),
              screen('/leaderboards', () => import('../features/leaderboards/leaderboards-screen')),
              {
                // docs/product.md §2: these need a verified login; everyone else is sent to /app.
                Component: RequireVerified,
                children: [
                  screen('/submit', () => import('../features/submit/submit-screen')),
                  screen('/profile', () => import('../features/profiles/own-profile-screen')),
                  screen('/admin/verification', () => import('../features/admin/verification-screen')),
                  screen('/admin/moderation', () => import('../features/admin/moderation-screen')),
                  screen('/admin/reports', () => import('../features/admin/reports-screen')),
                  screen('/admin/roles', () => import('../features/admin/roles-screen')),
                  {
                    // The Creator Studio: its heading and tabs around each of its screens.
                    Component: StudioLayout,
                    children: [
                      screen('/studio', () => import('../features/studio/content-screen')),
                      screen('/studio/analytics', () => import('../features/studio-analytics/analytics-screen')),
                    ],
                  },
                ],
              },
              {
                // Any signed-in account, verified or not: a new email is confirmed from here.
                Component: RequireUser,
                children: [
                  screen('/settings', () => import('../features/settings/settings-screen')),
                  screen('/history', () => import('../features/videos/history-screen')),
                  screen('/following', () => import('../features/home/following-screen')),
                  screen('/playlists', () => import('../features/playlists/playlists-screen')),
                ],
              },
            ],
          },
        ],
      },
      {
        Component: FullScreenLayout,
        children: [
          {
            ErrorBoundary: RouteError,
            children: aliases(['/shorts', '/shorts/:username/:titleSlug/:id'], () => import('../features/shorts/shorts-screen'), shortsLoader(queryClient)).map(
              (route) => ({
                ...route,
                shouldRevalidate: () => false,
              }),
            ),
          },
        ],
      },
    ],
  },
];

export const createRouter = (queryClient: QueryClient) => createBrowserRouter(createRoutes(queryClient));
