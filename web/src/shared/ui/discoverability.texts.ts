/**
 * Whether employers may find a student (API.md "Finding talent"): the settings' switch and the question
 * asked once after the assessment (DiscoverabilityPrompt). Imports nothing: browser tests read it.
 */
export const discoverabilityTexts = {
  switchLabel: 'Let employers find me',
  /** What an employer sees of a discoverable student: the same sentence wherever it is asked. */
  explanation:
    'Employers searching for talent will see your name, photo, headline, school, major, graduation year, skills (and which ones an employer verified) and how many credentials you earned. They never see your e-mail address. You can turn this off at any time.',
  on: 'Employers can find you in their talent search.',
  off: 'Employers cannot find you; they only see you when you apply.',
  saved: (on: boolean) => (on ? 'Employers can now find you.' : 'Employers can no longer find you.'),
  saveFailed: 'Could not save this setting. Please try again.',
  card: {
    title: 'Employers Finding You',
  },
  prompt: {
    title: 'Let employers find you?',
    yes: 'Yes, let them find me',
    notNow: 'Not now',
    later: 'You can change this in Settings at any time.',
  },
};
