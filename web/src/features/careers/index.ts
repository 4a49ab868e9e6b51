// Career recommendations (/career-recommendations). app/router.tsx loads its page lazily by path;
// nothing here is for other features.
export {};
