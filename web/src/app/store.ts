import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query/react';
import { api } from '../api/api';
import { sessionSlice } from './session.slice';

function createStore() {
  const store = configureStore({
    reducer: {
      [api.reducerPath]: api.reducer,
      [sessionSlice.name]: sessionSlice.reducer,
    },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });
  // Refetch on focus and reconnect for endpoints that opt in.
  setupListeners(store.dispatch);
  return store;
}

type AppStore = ReturnType<typeof createStore>;
let store: AppStore | undefined;

/** The app's store, made on first use, in a task of its own (like the router: boot-cache.ts). */
export function appStore(): AppStore {
  return (store ??= createStore());
}

export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
