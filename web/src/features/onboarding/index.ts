// The onboarding tutorial, which Home opens on a first visit and on demand.
export { OnboardingTutorial } from './OnboardingTutorial';
export { useTutorial } from './use-tutorial';
