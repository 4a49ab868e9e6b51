/** How a person is named: first and last name; `fallback` until the name has reached the service. */
export function personName(person: { firstName: string; lastName: string }, fallback = ''): string {
  return `${person.firstName} ${person.lastName}`.trim() || fallback;
}

/** The employer behind a project: their name, and their company when they gave one. */
export function employerName(employer: { firstName: string; lastName: string; company?: string | null }): string {
  const name = personName(employer);
  const company = employer.company?.trim();
  if (name && company) return `${name}, ${company}`;
  return name || company || '';
}
