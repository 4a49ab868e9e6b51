/**
 * Cache entries that several features touch. GET /api/matches/advanced ranks people and projects from
 * the assessment and the skills: a change to either makes the cached ranking stale.
 */
export const ADVANCED_MATCHES_TAG = { type: 'Match', id: 'ADVANCED' } as const;
/** The signed-in user's applications (GET /api/matches/me). */
export const MY_MATCHES_TAG = { type: 'Match', id: 'LIST' } as const;
