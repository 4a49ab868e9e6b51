// Company verification (/verification, loaded lazily by app/router.tsx). For other features: its texts
// (the links to it from Settings and from the refused third project).
export { EMPLOYER_VERIFICATION_PATH, verificationTexts } from './verification.texts';
