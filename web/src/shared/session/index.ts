// The signed-in user and the session, for every feature: who is signed in, where to send a visitor,
// signing out. Signing in, up and the password pages are features/auth.
export { loginPathFor, safeNextPath, useCurrentUser, useSession, type SessionState } from './session';
export {
  selectCurrentUser,
  sessionApi,
  setCurrentUser,
  useGetCurrentUserQuery,
  useLogoutMutation,
  type User,
} from './session.api';
export { useLogout } from './use-logout';
