import { ButtonLink } from './ButtonLink';
import { candidatePath, profileLinkTexts as t } from './profile-link.texts';

/** 'View Profile' on a candidate card: the student's profile, portfolio and reviews. */
export function ProfileLink({ userId, name }: { userId: string; name: string }) {
  return (
    <ButtonLink to={candidatePath(userId)} aria-label={t.viewProfileLabel(name)}>
      {t.viewProfile}
    </ButtonLink>
  );
}
