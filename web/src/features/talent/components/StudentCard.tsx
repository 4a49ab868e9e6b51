import { App, Button, Tag } from 'antd';
import { useId } from 'react';
import { personName } from '../../../shared/lib/person-name';
import { Icon } from '../../../shared/ui/Icon';
import { OverallTag, Reasons } from '../../../shared/ui/MatchTags';
import { MatchScores } from '../../../shared/ui/ScoreBar';
import { TagList } from '../../../shared/ui/TagList';
import { UserAvatar } from '../../../shared/ui/UserAvatar';
import { palette } from '../../../shared/theme';
import { useSetShortlistedMutation, type TalentCard } from '../talent.api';
import { talentTexts } from '../talent.texts';

const t = talentTexts.card;

const INVITATION_COLORS = {
  pending: palette.warning,
  accepted: palette.success,
  declined: palette.danger,
  expired: palette.textMuted,
} as const;

export interface StudentCardProps {
  student: TalentCard;
  /** Opens the invite dialog for this student. */
  onInvite: (student: TalentCard) => void;
  /** Starts loading the invite dialog (hover, focus). */
  onPrepareInvite?: () => void;
}

/**
 * A student as an employer finds them (API.md `TalentCard`): name, photo, headline, school, major and
 * year; verified skills first and marked, the others after; credentials; the fit when the search is
 * ranked by a project; the shortlist toggle and the invitation.
 */
export function StudentCard({ student, onInvite, onPrepareInvite }: StudentCardProps) {
  const id = useId();
  const name = personName(student);
  const studies = t.school(student.school, student.major, student.graduationYear);
  const others = student.skills.filter((skill) => !student.verifiedSkills.includes(skill));
  return (
    <article className="pj-card pj-talent-card" aria-labelledby={`${id}-name`}>
      <header className="pj-talent-card__head">
        <UserAvatar
          user={{ firstName: student.firstName, email: '', profileImageUrl: student.profileImageUrl }}
          size={48}
        />
        <div className="pj-talent-card__who">
          <h3 id={`${id}-name`} className="pj-talent-card__name">
            {name}
          </h3>
          {student.headline && <p className="pj-talent-card__headline">{student.headline}</p>}
          {studies && <p className="pj-talent-card__studies">{studies}</p>}
        </div>
        {student.fit && <OverallTag score={student.fit.matchScore} />}
      </header>

      {student.verifiedSkills.length > 0 && (
        <div className="pj-talent-card__skills">
          <h4 id={`${id}-verified`} className="pj-talent-card__subtitle">
            {t.verifiedSkills}
          </h4>
          <ul className="pj-tags" aria-labelledby={`${id}-verified`}>
            {student.verifiedSkills.map((skill) => (
              <li key={skill}>
                <Tag color={palette.success} className="pj-talent-card__verified">
                  <Icon name="check" size={12} /> {skill}
                </Tag>
              </li>
            ))}
          </ul>
        </div>
      )}
      {others.length > 0 && (
        <div className="pj-talent-card__skills">
          <h4 className="pj-talent-card__subtitle">{t.otherSkills}</h4>
          <TagList tags={others} label={t.otherSkills} max={8} />
        </div>
      )}
      {student.skills.length === 0 && student.verifiedSkills.length === 0 && (
        <p className="pj-talent-card__none">{t.noSkills}</p>
      )}

      <p className="pj-talent-card__credentials">{t.credentials(student.credentialsCount)}</p>

      {student.fit && (
        <div className="pj-talent-card__fit">
          <MatchScores
            skills={student.fit.skillsMatch}
            culture={student.fit.cultureMatch}
            labels={{ skills: t.skillsMatch, culture: t.cultureMatch }}
            className="pj-talent-card__scores"
          />
          <Reasons reasons={student.fit.reasons} id={`${id}-reasons`} />
        </div>
      )}

      <footer className="pj-talent-card__actions">
        {student.invitation && (
          <Tag color={INVITATION_COLORS[student.invitation.status]} className="pj-talent-card__invitation">
            {t.invitation(student.invitation.status)}
          </Tag>
        )}
        <ShortlistToggle student={student} name={name} />
        <Button
          type={student.invitation ? 'default' : 'primary'}
          onClick={() => onInvite(student)}
          onMouseEnter={onPrepareInvite}
          onFocus={onPrepareInvite}
          aria-label={t.forStudent(student.invitation ? t.inviteAgain : t.invite, name)}
        >
          {student.invitation ? t.inviteAgain : t.invite}
        </Button>
      </footer>
    </article>
  );
}

function ShortlistToggle({ student, name }: { student: TalentCard; name: string }) {
  const [setShortlisted, { isLoading }] = useSetShortlistedMutation();
  const { message } = App.useApp();
  const on = student.shortlisted;
  const toggle = () =>
    void setShortlisted({ student, shortlisted: !on })
      .unwrap()
      .catch(() => void message.error(t.shortlistFailed));
  // One name whatever the state (a toggle's state is aria-pressed), its visible word first.
  return (
    <Button
      aria-pressed={on}
      aria-label={t.shortlistLabel(name)}
      onClick={toggle}
      disabled={isLoading}
      icon={on ? <Icon name="check" size={14} /> : undefined}
      className={on ? 'pj-talent-card__shortlist pj-talent-card__shortlist--on' : 'pj-talent-card__shortlist'}
    >
      {t.shortlist}
    </Button>
  );
}
