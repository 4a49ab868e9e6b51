import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { FullScreenSpinner } from './components/FullScreenSpinner';
import { LandingPage } from './features/landing/LandingPage';

const container = document.getElementById('root')!;

/**
 * `/` is the first page every visitor loads, on any phone: it renders the landing page straight away,
 * hydrating the markup the build prerendered, and never loads the app (antd, Redux, router, socket).
 * Every other path loads the app shell (app/App.tsx) as a separate chunk.
 *
 * When signed-in pages exist, `/` must also become the welcome dashboard for signed-in users: keep
 * rendering the landing page at once, ask GET /api/auth/user, and on a 200 load the app instead.
 */
if (window.location.pathname === '/') {
  const page = (
    <StrictMode>
      <LandingPage />
    </StrictMode>
  );
  if (container.firstElementChild) hydrateRoot(container, page);
  else createRoot(container).render(page);
} else {
  // Drop the prerendered landing page that index.html hid (it is the fallback for every path).
  container.replaceChildren();
  document.documentElement.removeAttribute('data-shell');
  const root = createRoot(container);
  root.render(<FullScreenSpinner />);
  import('./app/App')
    .then(({ App }) => {
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    })
    .catch((error: unknown) => {
      // Typically a deploy replaced the chunks this page refers to: a reload fetches the new ones.
      console.error(error);
      root.render(
        <p role="alert" style={{ margin: '40vh 16px 0', textAlign: 'center', fontFamily: 'system-ui, sans-serif' }}>
          Projectory could not be loaded. Please check your connection and reload the page.
        </p>,
      );
    });
}
