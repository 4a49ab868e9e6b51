import type { User } from '@projectory/contracts';

/**
 * A hint, kept in localStorage, that this browser had a session the last time the app ran, and as
 * whom (the role). The session cookie is HttpOnly, so `/` cannot tell a signed-in user from a visitor
 * before asking the server; with the hint, main.tsx shows a spinner instead of flashing the landing
 * page, and index.html shows the signed-in page's first frame (app/boot-script.ts). It is only a hint:
 * GET /api/auth/user decides, and a 401 clears it. index.html reads the same key.
 */
const KEY = 'projectory:signed-in';

export function hasSignedInHint(): boolean {
  try {
    return Boolean(localStorage.getItem(KEY));
  } catch {
    return false; // storage disabled: behave like a visitor
  }
}

/** Signed in as `role`, or signed out (null). */
export function setSignedInHint(role: User['role'] | null): void {
  try {
    if (role) localStorage.setItem(KEY, role);
    else localStorage.removeItem(KEY);
  } catch {
    // storage disabled or full: the hint is an optimisation only
  }
}
