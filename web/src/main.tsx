// First, before any other stylesheet: the theme's custom properties, which every stylesheet uses.
import './shared/theme/tokens.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import type { User } from '@projectory/contracts';
import { bootFramePainted, takeBootResponse } from './api/boot-requests';
import { hasSignedInHint, setSignedInHint } from './api/session-hint';
import { FullScreenSpinner } from './shared/ui/FullScreenSpinner';
import { nextTask } from './app/next-task';
import { LandingPage } from './features/landing/LandingPage';

const container = document.getElementById('root')!;
const landing = (
  <StrictMode>
    <LandingPage />
  </StrictMode>
);
/** The app's chunks, once index.html's first frame of the page (if any) is painted (boot-script.ts). */
const loadApp = () => bootFramePainted().then(() => import('./app/App'));

/**
 * `/` is the first page every visitor loads, on any phone: it renders the landing page straight away,
 * hydrating the markup the build prerendered, and does not load the app (antd, Redux, router, socket)
 * unless GET /api/auth/user then says the visitor is signed in: the app replaces the landing page
 * with the welcome dashboard. A browser that was signed in last time (api/session-hint.ts) skips the
 * landing page and shows a spinner while both are checked. Every other path loads the app at once.
 */
if (window.location.pathname !== '/') {
  void renderApp(appRoot(), loadApp());
} else if (hasSignedInHint()) {
  const root = appRoot();
  const app = loadApp();
  app.catch(() => undefined); // reported by renderApp if it is used
  void fetchCurrentUser().then((user) => {
    if (user !== null) return renderApp(root, app, user);
    setSignedInHint(null);
    root.render(landing);
  });
} else {
  const landingRoot = showLanding();
  void fetchCurrentUser().then(async (user) => {
    if (!user) return;
    setSignedInHint(user.role);
    const app = loadApp();
    // Keep the landing page until the app's code is here, then swap.
    await app.catch(() => undefined);
    landingRoot.unmount();
    await renderApp(appRoot(), app, user);
  });
}

/** GET /api/auth/user: the user, null for a visitor, undefined when the server could not say. */
async function fetchCurrentUser(): Promise<User | null | undefined> {
  try {
    // With the signed-in hint, index.html's boot script has asked already (app/boot-plan.ts).
    const response = await (takeBootResponse('/api/auth/user') ??
      fetch('/api/auth/user', { credentials: 'include', headers: { accept: 'application/json' } }));
    if (response.status === 401) return null;
    return response.ok ? ((await response.json()) as User) : undefined;
  } catch {
    return undefined;
  }
}

function showLanding(): Root {
  document.documentElement.removeAttribute('data-shell');
  if (container.firstElementChild) return hydrateRoot(container, landing);
  const root = createRoot(container);
  root.render(landing);
  return root;
}

/**
 * Drops the prerendered landing page (index.html hid it) and shows a spinner until the app renders;
 * the signed-in page's first frame, if index.html showed one, stays until then instead.
 */
function appRoot(): Root {
  const framed = container.hasAttribute('data-app-frame');
  if (!framed) container.replaceChildren();
  document.documentElement.removeAttribute('data-shell');
  const root = createRoot(container);
  if (!framed) root.render(<FullScreenSpinner />);
  return root;
}

async function renderApp(root: Root, app: ReturnType<typeof loadApp>, user?: User): Promise<void> {
  try {
    const { App, primeSession, primeBootQueries } = await app;
    // Loading the app's modules was one task, making its store and router are others (boot-cache.ts).
    await nextTask();
    if (user) primeSession(user);
    // The first render shows the page with the early answers (boot-cache.ts), not a re-render after them.
    await primeBootQueries();
    // A transition: React renders the app in slices of a few milliseconds, yielding to the browser in
    // between, rather than in one long task that would hold a phone's main thread (and its input).
    startTransition(() => {
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  } catch (error) {
    // Typically a deploy replaced the chunks this page refers to: a reload fetches the new ones.
    console.error(error);
    root.render(
      <p role="alert" style={{ margin: '40vh 16px 0', textAlign: 'center', fontFamily: 'system-ui, sans-serif' }}>
        Projectory could not be loaded. Please check your connection and reload the page.
      </p>,
    );
  }
}
