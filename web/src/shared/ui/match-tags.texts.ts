/** The badges of an application or a match and the reasons of its score (MatchTags.tsx), wherever one is listed. */
const statuses: Record<string, string | undefined> = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
  completed: 'Completed',
  withdrawn: 'Withdrawn',
  closed: 'Closed',
};

export const matchTagsTexts = {
  score: (score: number) => `${score}% match`,
  statuses,
  /** A status the app does not know yet shows as the server names it, capitalised. */
  statusLabel: (status: string) => statuses[status] ?? status.charAt(0).toUpperCase() + status.slice(1),
  reasons: 'Why this matches',
  /** Read before each reason by screen readers; sighted users tell them apart by the icon. */
  reasonKinds: { strength: 'Strength', gap: 'Gap', neutral: 'Not counted' },
  closedByTheSystem: 'This application was closed because its project stopped taking applications.',
} as const;
