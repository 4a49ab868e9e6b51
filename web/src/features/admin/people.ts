import type { AdminPersonRef } from '@projectory/contracts';
import { adminTexts } from './admin.texts';

/** "First Last", else the e-mail, else 'Unnamed' (the read model may not know a person yet). */
export function personName(
  person: Partial<Pick<AdminPersonRef, 'firstName' | 'lastName' | 'email'>> | null | undefined,
) {
  const name = `${person?.firstName ?? ''} ${person?.lastName ?? ''}`.trim();
  return name || person?.email || adminTexts.unnamed;
}

export const planLabel = (plan: string | null | undefined) =>
  plan ? (adminTexts.plans[plan] ?? plan) : adminTexts.unknown;
export const roleLabel = (role: string | null | undefined) =>
  role ? (adminTexts.roles[role] ?? role) : adminTexts.unknown;
