/**
 * Texts of the two-way reviews after a completed project: leaving one on an application or a candidate
 * card, and reading those about a person. Imports nothing at run time, so that browser tests can read it.
 */

/** API.md "Matching": a review shows once both sides reviewed, or this many days after completion. */
const REVEAL_DAYS = 14;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const reviewsTexts = {
  hiddenRule: `Reviews appear once both sides have reviewed, or ${REVEAL_DAYS} days after completion.`,
  stars: (rating: number) => `${rating} out of 5 stars`,
  starOption: (rating: number) => (rating === 1 ? '1 star' : `${rating} stars`),

  prompt: {
    title: 'Leave a review',
    body: (name: string) => `The project is completed. How was working with ${name}?`,
    action: 'Leave a Review',
    actionLabel: (name: string) => `Leave a review for ${name}`,
  },

  dialog: {
    title: (name: string) => `Review ${name}`,
    rating: 'Rating',
    ratingRequired: 'Please choose a rating from 1 to 5 stars',
    comment: 'Comment (optional)',
    commentPlaceholder: 'What went well, and what could be better?',
    commentTooLong: (max: number) => `Comment must be at most ${max} characters`,
    once: 'You can review each completed project once; your review cannot be changed afterwards.',
    cancel: 'Cancel',
    submit: 'Submit Review',
    sending: 'Submitting...',
    sent: 'Thank you, your review is saved.',
    already: 'You have already reviewed this project.',
  },

  mine: {
    title: 'Your review',
    on: (date: string) => `Reviewed on ${date}.`,
    noComment: 'No comment.',
  },

  list: {
    summary: (average: number, count: number) =>
      `${average.toFixed(1)} out of 5, from ${plural(count, 'review', 'reviews')}`,
    none: 'No reviews yet',
    loading: 'Loading the reviews...',
    loadError: 'Could not load the reviews.',
    retry: 'Try Again',
    label: (name: string) => `Reviews of ${name}`,
    by: (name: string, project: string) => `${name} · ${project}`,
    someone: 'Someone',
    showing: (shown: number, count: number) => `Showing the ${shown} most recent of ${count} reviews.`,
  },

  employer: {
    title: 'Employer Reviews',
    lead: (name: string) => `What students who completed projects with ${name} say.`,
    theEmployer: 'this employer',
  },
} as const;
