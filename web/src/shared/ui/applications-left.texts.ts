/** How many applications a limited plan has left this month (ApplicationsLeft.tsx). */
export const applicationsLeftTexts = {
  left: (left: number, limit: number) =>
    `${left} of ${limit} ${limit === 1 ? 'application' : 'applications'} left this month`,
  none: (limit: number) => `You have used all ${limit} applications this month.`,
  plans: 'See plans',
  loading: 'Counting your applications...',
};
