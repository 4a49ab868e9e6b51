// The terms and the privacy policy (/terms, /privacy). app/router.tsx loads the page lazily by path;
// nothing here is for other features.
export {};
