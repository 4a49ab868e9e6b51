/**
 * The onboarding tutorial (prototype spec §4 "Onboarding tutorial"): step titles as in the prototype;
 * the assessment takes about 5 minutes (PRODUCT.md: one figure everywhere).
 */
export type TutorialStepId = 'welcome' | 'assessment' | 'matching' | 'portfolio' | 'communication' | 'career';

/** Glyphs of shared/ui/Icon.tsx (this file imports nothing, so that browser tests can read it). */
export type TutorialIcon = 'sparkles' | 'clipboard' | 'target' | 'folder' | 'chat' | 'compass';

export interface TutorialStep {
  id: TutorialStepId;
  /** The step's tab. */
  short: string;
  title: string;
  description: string;
  icon: TutorialIcon;
  /** Typed out one character every 50 ms. */
  animationText: string;
  tip?: string;
  /** Students only: employers skip these steps. */
  studentsOnly?: boolean;
}

export const tutorialSteps: TutorialStep[] = [
  {
    id: 'welcome',
    short: 'Welcome',
    title: 'Welcome to Projectory',
    description:
      'Projectory connects students and employers through real projects. Work on real problems, earn mentorship, ' +
      'certifications and experience, and build a career on what you can show.',
    icon: 'sparkles',
    animationText: 'Build your future. One experience at a time.',
  },
  {
    id: 'assessment',
    short: 'Assessment',
    title: 'Take Your Culture Assessment',
    description:
      'Answer 7 questions about how you work, the leaders you thrive with and the values you care about. ' +
      'It takes about 5 minutes, and your answers shape every match.',
    icon: 'clipboard',
    animationText: 'Work style, leadership fit, core values and ideal workplace: about 5 minutes.',
    tip: 'Answer honestly: there are no right or wrong answers, only better matches.',
    studentsOnly: true,
  },
  {
    id: 'matching',
    short: 'Matching',
    title: 'Get Matched with Opportunities',
    description:
      'Projects and people are ranked by culture fit and skill overlap. Every score comes with its reasons, ' +
      'so you always know why a match fits.',
    icon: 'target',
    animationText: 'Shares 2 of your top 3 values. Has the skills the project needs.',
  },
  {
    id: 'portfolio',
    short: 'Portfolio',
    title: 'Build Your Verified Portfolio',
    description:
      'Add the work you have done to your portfolio. When an employer you worked with verifies an item, the skill ' +
      'behind it is marked as verified.',
    icon: 'folder',
    animationText: 'Upload your work, link it to a skill, get it verified.',
    tip: 'Verified items show employers that someone vouched for your work.',
    studentsOnly: true,
  },
  {
    id: 'communication',
    short: 'Connect',
    title: 'Connect & Communicate',
    description:
      'Message the other side of a match in real time, share files and start video calls without leaving Projectory.',
    icon: 'chat',
    animationText: 'Messages, files and video calls, all in one place.',
  },
  {
    id: 'career',
    short: 'Career',
    title: 'AI Career Recommendations',
    description:
      'Get career paths suggested from your assessment and skills, see the skills you are missing, and find ' +
      'projects that build them.',
    icon: 'compass',
    animationText: 'Find your path, close the gaps, grow with every project.',
    studentsOnly: true,
  },
];

export const onboardingTexts = {
  dialogLabel: 'Projectory tutorial',
  stepsLabel: 'Tutorial steps',
  stepOf: (step: number, total: number) => `Step ${step} of ${total}`,
  stepTab: (step: number, title: string) => `Step ${step}: ${title}`,
  percent: (value: number) => `${value}% complete`,
  pause: 'Pause animation',
  play: 'Play animation',
  skip: 'Skip Tutorial',
  previous: 'Previous',
  next: 'Next',
  finish: 'Get Started',
  saveFailed: 'Could not save your progress. Please try again.',
} as const;
