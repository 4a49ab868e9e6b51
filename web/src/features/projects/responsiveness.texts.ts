/**
 * How quickly an employer answers applications (API.md `Project.employer`: `medianResponseHours`,
 * `responseRate`), on project cards and pages, and the employer's own figure on their dashboard.
 */

/** A median in hours as a short duration: whole hours under a day (at least 1), else whole days. */
export function responseDuration(hours: number): string {
  if (hours < 24) {
    const whole = Math.max(1, Math.ceil(hours));
    return whole === 1 ? '1 hour' : `${whole} hours`;
  }
  const days = Math.ceil(hours / 24);
  return days === 1 ? '1 day' : `${days} days`;
}

export const responsivenessTexts = {
  label: 'Response time',
  usually: (hours: number) => `Usually responds within ${responseDuration(hours)}`,
  rate: (percent: number) => `${percent}% answered within 7 days`,
  newEmployer: 'New employer: not enough applications yet to show a response time',
} as const;
