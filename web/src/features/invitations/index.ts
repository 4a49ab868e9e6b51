// Invitations (/invitations, loaded lazily by app/router.tsx): students answer employers' invitations
// to apply; employers see the ones they sent. For browser tests: its texts and path.
export { INVITATIONS_PATH, invitationsTexts } from './invitations.texts';
