// Build-time only (vite.config.ts): the landing page's HTML, put into index.html and hydrated by main.tsx.
import { renderToString } from 'react-dom/server';
import { LandingPage } from './LandingPage';

export function renderLanding(): string {
  return renderToString(<LandingPage />);
}
