import { App as AntApp, ConfigProvider } from 'antd';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import type { User } from '@projectory/contracts';
import { setCurrentUser } from '../shared/session';
import { appRouter } from './router';
export { primeBootQueries } from './boot-cache';
import { appStore } from './store';
import { theme } from '../shared/theme';
// antd's styles, rendered at build time (antd-styles.tsx); first, so the app's own CSS overrides them.
import 'virtual:antd-styles.css';
import './app.css';

// Toasts at the top on phones and at the bottom right on larger screens, one at a time (prototype spec §2, §4).
const notificationPlacement = window.matchMedia('(max-width: 767px)').matches ? 'top' : 'bottomRight';
// Whoever asks their system for less motion gets antd's dialogs, menus and toasts without their zoom and
// fade (WCAG 2.3.3); the app's own CSS animations follow the same media query.
const appTheme = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  ? { ...theme, token: { ...theme.token, motion: false } }
  : theme;

/** main.tsx already asked GET /api/auth/user on `/`: the answer goes into the cache, not asked twice. */
export function primeSession(user: User): void {
  appStore().dispatch(setCurrentUser(user));
}

/** The application shell: store, antd theme and toasts (`App.useApp()`), router. */
export function App() {
  return (
    <Provider store={appStore()}>
      <ConfigProvider theme={appTheme}>
        <AntApp message={{ maxCount: 1 }} notification={{ placement: notificationPlacement, maxCount: 1 }}>
          <RouterProvider router={appRouter()} />
        </AntApp>
      </ConfigProvider>
    </Provider>
  );
}
