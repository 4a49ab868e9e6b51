// Settings (/settings). app/router.tsx loads the page lazily by path; nothing here is for other features.
export {};
