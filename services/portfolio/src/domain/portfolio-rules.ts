import type { MatchStatus, PortfolioItem, ReviewStatus, VerificationStatus } from '@projectory/contracts';
import type { NotificationData } from '@projectory/platform';

/**
 * Who may do what with a student's portfolio (API.md "Portfolio and files"), from the student's
 * applications to an employer's projects: having applied (and not withdrawn or been turned down) lets
 * the employer open the files; an accepted or completed collaboration lets them vouch for the work.
 */
export const APPLICATION_STATUSES_TO_VIEW: readonly MatchStatus[] = ['pending', 'accepted', 'completed', 'closed'];
export const APPLICATION_STATUSES_TO_REVIEW: readonly MatchStatus[] = ['accepted', 'completed'];

/** Items a reviewer still has to look at (the reviews list, and what an employer may move). */
export const WAITING_STATUSES: readonly VerificationStatus[] = ['pending', 'under_review'];

/**
 * Whether a reviewer may move an item from `from` to `to`. Employers decide items that wait (pending,
 * under review); a decided item waits for the student's next edit, which sends it back to pending.
 * Admins may also overturn a decision. Moving an item to the status it has is never a change.
 */
export function mayReview(role: 'employer' | 'admin', from: VerificationStatus, to: ReviewStatus): boolean {
  if (from === to) return false;
  return role === 'admin' || WAITING_STATUSES.includes(from);
}

/** Moved to the platform: message attachments are served with the same header. */
export { contentDisposition } from '@projectory/platform';

/** What the owner is told of a reviewer's decision; nothing for `under_review` (the item's badge says it). */
export function reviewNotification(item: PortfolioItem): NotificationData | null {
  const reviewer = item.verifiedBy;
  const name = reviewer ? `${reviewer.firstName} ${reviewer.lastName}`.trim() : '';
  const by = name ? ` by ${name}${reviewer?.company ? ` (${reviewer.company})` : ''}` : '';
  switch (item.verificationStatus) {
    case 'verified':
      return {
        kind: 'portfolio.verified',
        title: 'Portfolio item verified',
        body: `"${item.title}" was verified${by}. ${item.userSkill.skill.name} now shows as a verified skill.`,
        link: '/portfolio',
      };
    case 'rejected':
      return {
        kind: 'portfolio.rejected',
        title: 'Portfolio item not verified',
        body: `"${item.title}" was not verified${by}: ${item.verificationNotes ?? ''}`.trim(),
        link: '/portfolio',
      };
    case 'pending':
    case 'under_review':
      return null;
  }
}
