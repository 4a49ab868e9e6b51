/** The prompt to take the culture assessment (AssessmentPrompt), on Home and on the student's dashboard. */
export const assessmentPromptTexts = {
  title: 'Take Your Culture Assessment',
  body: 'Discover your work style and values to get matched with projects where you fit. It takes about 5 minutes.',
  cta: 'Start Assessment',
};
