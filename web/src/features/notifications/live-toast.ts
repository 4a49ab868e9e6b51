/**
 * The key of the live notification's toast on screen, if any. Opening the bell closes it: the panel
 * shows the same notification, and on a phone the toast would cover the panel.
 */
let shownKey: string | undefined;

export const liveToast = {
  shown(key: string): void {
    shownKey = key;
  },
  /** The toast to close, once. */
  take(): string | undefined {
    const key = shownKey;
    shownKey = undefined;
    return key;
  },
};
