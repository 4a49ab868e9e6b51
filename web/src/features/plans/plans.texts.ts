/** Texts of /plans (issue 16). The plans themselves are the landing page's pricing (prototype spec §9). */

export const plansTexts = {
  documentTitle: 'Plans · Projectory',
  title: 'Plans',
  lead: 'Payment is not part of Projectory yet: ask for an upgrade and an administrator grants it.',
  current: (plan: string) => `You are on the ${plan} plan.`,
  currentTag: 'Current plan',
  included: 'Included',
  requestUpgrade: 'Request upgrade',
  requestLabel: (plan: string) => `Request an upgrade to ${plan}`,
  contactUs: 'Contact us',
  contactLabel: 'Contact us about Enterprise',
  pending: 'Request pending',
  pendingTitle: (plan: string) => `Your request for ${plan} is pending`,
  pendingDetail: 'An administrator will review it. You are notified, and this page changes, when your plan does.',
  requestedOn: (date: string) =>
    `Upgrade requested on ${date} — an admin will review it. You are notified, and this page changes, when your plan does.`,
  failed: 'Could not send the request',
  enterprise: {
    title: 'Enterprise',
    intro: 'Tell us what your organization needs; an administrator will get back to you.',
    message: 'Message',
    placeholder: 'Team size, what you would like to do with Projectory…',
    send: 'Send request',
    cancel: 'Cancel',
    tooLong: (max: number) => `Message must be at most ${max} characters`,
  },
  /** As the server names them in its notifications ("You are now on the Free plan."). */
  names: { free: 'Free', professional: 'Professional', enterprise: 'Enterprise' } as Record<string, string>,
} as const;
