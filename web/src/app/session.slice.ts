import { createSlice } from '@reduxjs/toolkit';
import { sessionExpired } from '../api/session-events';

export interface SessionState {
  /** Set when a call answered 401; RootLayout sends the user to /login and clears it. */
  expired: boolean;
}

const initialState: SessionState = { expired: false };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    expiryHandled: (state) => {
      state.expired = false;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionExpired, (state) => {
      state.expired = true;
    });
  },
});

export const { expiryHandled } = sessionSlice.actions;
