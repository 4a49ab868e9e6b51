// `/` for a signed-in user: the welcome dashboard (HomePage, loaded lazily by app/router.tsx).
// Nothing here is for other features.
export {};
