export const sessionTexts = {
  signingOut: 'Signing out…',
};
