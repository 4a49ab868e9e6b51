import { createBrowserRouter } from 'react-router-dom';
import { FullScreenSpinner } from '../components/FullScreenSpinner';
import { RootLayout } from './RootLayout';

/**
 * Every page is its own chunk, loaded when its route matches (`lazy` returns `{ Component }`).
 *
 * Add routes here:
 * - public pages (`/login`, `/signup`, `/career-recommendations`) beside the index route;
 * - signed-in pages under one layout route that checks the session (GET /api/auth/user) and shows
 *   FullScreenSpinner while it loads, e.g. `{ lazy: () => import('../features/auth/RequireSession'), children: [...] }`;
 * - `/admin` under a further layout that checks `user.role === 'admin'`.
 */
export const router = createBrowserRouter([
  {
    Component: RootLayout,
    HydrateFallback: FullScreenSpinner,
    children: [
      {
        // main.tsx serves a first visit to `/` without the app; this covers in-app navigation to `/`.
        // When the welcome dashboard exists, this route chooses between it and the landing page.
        index: true,
        lazy: () => import('../features/landing/LandingPage').then((m) => ({ Component: m.LandingPage })),
      },
      {
        path: '*',
        lazy: () => import('../features/not-found/NotFoundPage').then((m) => ({ Component: m.NotFoundPage })),
      },
    ],
  },
]);
