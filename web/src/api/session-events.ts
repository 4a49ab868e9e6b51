import { createAction } from '@reduxjs/toolkit';

/** A call answered 401: the session is gone (expired, revoked or never there). The app sends the user to /login. */
export const sessionExpired = createAction('session/expired');
