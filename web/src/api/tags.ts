/**
 * Cache entries that several features touch. GET /api/matches/advanced ranks people and projects from
 * the assessment and the skills: a change to either makes the cached ranking stale.
 */
export const ADVANCED_MATCHES_TAG = { type: 'Match', id: 'ADVANCED' } as const;
/** The signed-in user's applications (GET /api/matches/me). */
export const MY_MATCHES_TAG = { type: 'Match', id: 'LIST' } as const;
/** A candidate's composed profile (GET /api/users/:id/profile): their portfolio items and reviews change it. */
export const profileTag = (userId: string) => ({ type: 'User' as const, id: `PROFILE:${userId}` });
/** The signed-in user's collaborations (GET /api/workspaces/me): the dashboards' "Active collaborations". */
export const MY_WORKSPACES_TAG = { type: 'Workspace', id: 'LIST' } as const;
/** One collaboration's workspace (GET /api/workspaces/:matchId). */
export const workspaceTag = (matchId: string) => ({ type: 'Workspace' as const, id: matchId });
/** The signed-in student's credentials (GET /api/credentials/me). */
export const MY_CREDENTIALS_TAG = { type: 'Credential', id: 'LIST' } as const;
/** One credential's public record (GET /api/credentials/:id). */
export const credentialTag = (credentialId: string) => ({ type: 'Credential' as const, id: credentialId });
/** The users the signed-in user blocked (GET /api/blocks): a report or a block adds one, an unblock removes one. */
export const BLOCKS_TAG = { type: 'Safety', id: 'BLOCKS' } as const;
/** The signed-in employer's verification (GET /api/employers/me/verification). */
export const MY_VERIFICATION_TAG = { type: 'Safety', id: 'VERIFICATION' } as const;
/** The signed-in user's invitations (GET /api/invitations/me): received by a student, sent by an employer. */
export const MY_INVITATIONS_TAG = { type: 'Invitation', id: 'LIST' } as const;
/** Every talent search and the employer's shortlist (GET /api/talent, GET /api/talent/shortlist). */
export const TALENT_TAG = { type: 'Talent', id: 'LIST' } as const;
/** The employer's pipeline figures (GET /api/employers/me/pipeline), every project and overall. */
export const PIPELINE_TAG = { type: 'Pipeline', id: 'ALL' } as const;
