const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const milestoneProgressTexts = {
  label: 'Progress',
  approvedOf: (approved: number, total: number) =>
    total === 0 ? 'No milestones planned yet' : `${approved} of ${plural(total, 'milestone', 'milestones')} approved`,
};
