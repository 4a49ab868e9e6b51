// A credential's public page (/credentials/:id, loaded lazily by app/router.tsx). What other features
// show of credentials (the student's list, revoking) is in shared/ (api/credentials.api.ts,
// ui/CredentialList.tsx, ui/RevokeCredentialDialog.tsx); nothing here is for other features.
export {};
