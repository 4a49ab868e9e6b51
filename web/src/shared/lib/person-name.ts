export interface NamedPerson {
  firstName?: string | null;
  lastName?: string | null;
}

/** How a person is named: first and last name; `fallback` until the name has reached the service. */
export function personName(person: NamedPerson | null | undefined, fallback = ''): string {
  return `${person?.firstName ?? ''} ${person?.lastName ?? ''}`.trim() || fallback;
}
