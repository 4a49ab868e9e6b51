import { sessionApi } from '../session';
import { notFoundTexts as t } from './not-found.texts';
import { StatusResult } from './StatusResult';

export interface NotFoundPageProps {
  /** Inside the signed-in shell, which already provides `main`. */
  embedded?: boolean;
}

/** Any path no route matches (prototype spec §2). */
export function NotFoundPage({ embedded = false }: NotFoundPageProps) {
  const result = <StatusResult status="404" texts={t} />;
  if (embedded) return result;
  return <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }}>{result}</main>;
}

/**
 * The catch-all route, under the session layout, which has already asked who is signed in: inside
 * the app shell for a signed-in user. It reads that answer without subscribing to it, since a new
 * subscriber to a failed query (a visitor's 401) would ask again and the layout would remount it.
 */
export function NotFoundRoute() {
  const { data: user } = sessionApi.endpoints.getCurrentUser.useQueryState(undefined);
  return <NotFoundPage embedded={user !== undefined} />;
}
