// The admin area (/admin, under RequireAdmin). app/router.tsx loads its pages lazily by path; nothing
// here is for other features.
export {};
