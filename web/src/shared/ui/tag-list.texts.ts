export const tagListTexts = {
  /** After the first tags of a long list (prototype spec §9). */
  more: (n: number) => `+${n} more`,
};
