export const lazyPartTexts = {
  /** The toast when a part's module could not be loaded (offline, or a new version replaced it). */
  loadFailed: 'This part of the page could not be loaded. Check your connection and try again.',
};
