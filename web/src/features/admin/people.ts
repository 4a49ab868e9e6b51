import type { AdminPersonRef } from '@projectory/contracts';
import { personName as nameOf } from '../../shared/lib/person-name';
import { adminTexts } from './admin.texts';

/** "First Last", else the e-mail, else 'Unnamed' (the read model may not know a person yet). */
export function personName(
  person: Partial<Pick<AdminPersonRef, 'firstName' | 'lastName' | 'email'>> | null | undefined,
) {
  return nameOf(person, person?.email || adminTexts.unnamed);
}

export const planLabel = (plan: string | null | undefined) =>
  plan ? (adminTexts.plans[plan] ?? plan) : adminTexts.unknown;
export const roleLabel = (role: string | null | undefined) =>
  role ? (adminTexts.roles[role] ?? role) : adminTexts.unknown;
