/**
 * A hint, kept in localStorage, that this browser had a session the last time the app ran. The
 * session cookie is HttpOnly, so `/` cannot tell a signed-in user from a visitor before asking the
 * server; with the hint, main.tsx shows a spinner instead of flashing the landing page. It is only a
 * hint: GET /api/auth/user decides, and a 401 clears it. index.html reads the same key.
 */
const KEY = 'projectory:signed-in';

export function hasSignedInHint(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false; // storage disabled: behave like a visitor
  }
}

export function setSignedInHint(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // storage disabled or full: the hint is an optimisation only
  }
}
