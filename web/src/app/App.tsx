import { App as AntApp, ConfigProvider } from 'antd';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { router } from './router';
import { store } from './store';
import { theme } from './theme';

// Toasts at the top on phones and at the bottom right on larger screens (prototype spec §2).
const notificationPlacement = window.matchMedia('(max-width: 767px)').matches ? 'top' : 'bottomRight';

/** The application shell: store, antd theme and toasts (`App.useApp()`), router. Loaded for every path but `/`. */
export function App() {
  return (
    <Provider store={store}>
      <ConfigProvider theme={theme}>
        <AntApp notification={{ placement: notificationPlacement }}>
          <RouterProvider router={router} />
        </AntApp>
      </ConfigProvider>
    </Provider>
  );
}
