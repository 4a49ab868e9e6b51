// A collaboration's workspace (/workspaces/:matchId, loaded lazily by app/router.tsx). Other features
// link to it with `workspacePath` (@projectory/contracts/values); the dashboards read the list of
// collaborations from shared/api. Nothing here is for other features.
export {};
