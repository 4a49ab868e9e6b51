import { useGetCurrentUserQuery, type User } from './session.api';

export type SessionState =
  | { status: 'loading' }
  | { status: 'signed-in'; user: User }
  | { status: 'signed-out' }
  /** The server could not say (network, 5xx): neither signed in nor out. */
  | { status: 'unknown'; retry: () => void };

/** The session as GET /api/auth/user answers it; a 401 means a visitor. */
export function useSession(): SessionState {
  const { data, error, isLoading, refetch } = useGetCurrentUserQuery(undefined);
  if (data) return { status: 'signed-in', user: data };
  if (isLoading) return { status: 'loading' };
  if (error && 'status' in error && error.status === 401) return { status: 'signed-out' };
  if (error) return { status: 'unknown', retry: () => void refetch() };
  return { status: 'loading' };
}

/** The signed-in user, for components rendered only inside a session (the shell and its pages). */
export function useCurrentUser(): User {
  const { data } = useGetCurrentUserQuery(undefined);
  if (!data) throw new Error('useCurrentUser outside a session');
  return data;
}

/** Where to go after signing in: `next` when it is a path of this app, else home. */
export function safeNextPath(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (next === '/login' || next.startsWith('/login?') || next.startsWith('/signup')) return '/';
  return next;
}

export function loginPathFor(path: string): string {
  return path === '/' ? '/login' : `/login?next=${encodeURIComponent(path)}`;
}
