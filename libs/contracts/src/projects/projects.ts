/** API.md "Projects": the exchange types and their labels (prototype spec §3). */
export const exchangeTypes = [
  'mentorship',
  'certification',
  'experience',
  'portfolio',
  'recommendation',
  'networking',
] as const;
export type ExchangeType = (typeof exchangeTypes)[number];

export const exchangeTypeLabels: Record<ExchangeType, string> = {
  mentorship: 'Mentorship & Guidance',
  certification: 'Certification/Credential',
  experience: 'Work Experience',
  portfolio: 'Portfolio Project',
  recommendation: 'Letter of Recommendation',
  networking: 'Professional Networking',
};
