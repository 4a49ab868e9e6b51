// The skills editor (/skills). app/router.tsx loads the page lazily by path. The user's skills and the
// catalog, which other features read, are shared/api's.
export {};
