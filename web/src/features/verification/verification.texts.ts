/**
 * Texts of /verification (API.md "Trust and safety": employer verification). Imports only the contracts'
 * zod-free values: browser tests read it.
 */
import {
  EMPLOYER_VERIFICATION_PATH,
  PROFILE_WEBSITE_MAX,
  UNVERIFIED_ACTIVE_PROJECTS_MAX,
  VERIFICATION_LINK_TTL_HOURS,
  type VerificationLevel,
} from '@projectory/contracts/values';

export { EMPLOYER_VERIFICATION_PATH, PROFILE_WEBSITE_MAX };

export const verificationTexts = {
  documentTitle: 'Company verification · Projectory',
  title: 'Company verification',
  lead: `Students see a "Verified employer" mark beside verified companies. Until you are verified you can have at most ${UNVERIFIED_ACTIVE_PROJECTS_MAX} active projects and cannot invite students.`,
  employersOnly: {
    title: 'For employers only',
    body: 'Company verification is for employer accounts.',
    action: 'Back to Home',
  },
  loading: 'Loading your verification...',
  loadError: 'Could not load your verification',
  retry: 'Try again',
  results: {
    verified: 'Your company is verified',
    invalid: 'That link is invalid or was used',
    expired: 'That link has expired — send a new one',
  },
  status: {
    heading: 'Your status',
    levels: {
      none: 'Not verified',
      domain: 'Verified: company e-mail domain confirmed',
      registered: 'Verified: company registration checked by Projectory',
    } as Record<VerificationLevel, string>,
    pendingDomain: `We sent a link to your company e-mail address. Open it within ${VERIFICATION_LINK_TTL_HOURS} hours to finish.`,
    pendingRegistration: 'Projectory is checking your registration number. We will tell you when it is done.',
  },
  website: {
    heading: 'Company website',
    intro: 'E-mail verification accepts an address at this website’s domain.',
    label: 'Website',
    placeholder: 'https://acme.example',
    invalid: 'Enter an http(s) address such as https://acme.example',
    tooLong: `Website must be at most ${PROFILE_WEBSITE_MAX} characters`,
    save: 'Save website',
    saved: 'Website saved',
  },
  domain: {
    heading: 'Verify with your company e-mail',
    intro: (host: string | null) =>
      host
        ? `We send a link to an address at ${host}. Opening it verifies your company at once.`
        : 'Add your company website first: we send a link to an address at its domain.',
    label: 'Company e-mail',
    placeholder: (host: string | null) => `you@${host ?? 'acme.example'}`,
    required: 'Enter your company e-mail address',
    invalid: 'Enter an e-mail address',
    send: 'Send the link',
    resend: 'Send a new link',
    sent: (email: string) => `We sent a link to ${email}.`,
  },
  registration: {
    heading: 'Verify with your company registration',
    intro: 'Give your company’s registration number; Projectory checks it against the public register.',
    number: 'Registration number',
    numberRequired: 'Enter the registration number',
    numberLength: 'The registration number has 3 to 40 characters',
    country: 'Country',
    countryHint: 'Two-letter code, e.g. DE, GB, US',
    countryInvalid: 'Enter a two-letter country code',
    send: 'Ask for a check',
    sent: 'Projectory will check your registration number.',
  },
  alreadyVerified: 'Your company already has this verification or a better one.',
  settingsLink: 'Company verification',
  settingsHint: 'Get the "Verified employer" mark and post more projects.',
  requiredLink: 'Verify your company',
};

/** The host of a website address, without "www." (what the domain e-mail must be at), or null. */
export function websiteHost(website: string | null | undefined): string | null {
  if (!website) return null;
  try {
    return new URL(website).hostname.replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}
