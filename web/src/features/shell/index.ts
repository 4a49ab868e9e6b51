// The signed-in shell (top bar, navigation) and SessionLayout, the route that puts it around the
// signed-in pages; app/router.tsx loads SessionLayout lazily by path. Nothing here is for other features.
export {};
