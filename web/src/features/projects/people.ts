import { personName } from '../../shared/lib/person-name';

/** The employer behind a project: their name, and their company when they gave one. */
export function employerName(employer: { firstName: string; lastName: string; company?: string | null }): string {
  const name = personName(employer);
  const company = employer.company?.trim();
  if (name && company) return `${name}, ${company}`;
  return name || company || '';
}
