import { Button, Tag, Tooltip } from 'antd';
import { useId } from 'react';
import { ScoreBar } from '../../../shared/ui/ScoreBar';
import type { UserMatch } from '../matching.api';
import { matchingTexts } from '../matching.texts';
import { OverallTag, Reasons } from '../../../shared/ui/MatchTags';
import { palette } from '../../../shared/theme';

const t = matchingTexts.user;

/**
 * A person: name and role only, never their e-mail (PRODUCT.md). Contact goes through messaging, which
 * comes with a later issue: until then Connect stays visible but inert and says why, on hover and focus.
 */
export function UserMatchCard({ match }: { match: UserMatch }) {
  const id = useId();
  const name = `${match.userB.firstName} ${match.userB.lastName}`.trim();
  const role = matchingTexts.roles[match.userB.role] ?? match.userB.role;

  return (
    <article className="pj-match-card" aria-labelledby={`${id}-title`}>
      <header className="pj-match-card__head">
        <div className="pj-match-card__heading">
          <h3 id={`${id}-title`} className="pj-match-card__title">
            {name}
          </h3>
          <Tag className="pj-match-card__role">{role}</Tag>
        </div>
        <OverallTag score={match.overallScore} />
      </header>
      <div className="pj-match-card__scores">
        <ScoreBar label={t.cultureCompatibility} percent={match.cultureScore} color={palette.accent} />
        <ScoreBar label={t.skillOverlap} percent={match.skillMatch} color={palette.secondary} />
      </div>
      <Reasons reasons={match.reasons} id={`${id}-reasons`} />
      <footer className="pj-match-card__foot">
        <span id={`${id}-soon`} className="pj-visually-hidden">
          {t.messagingSoon}
        </span>
        <Tooltip title={t.messagingSoon} trigger={['hover', 'focus']}>
          <Button
            aria-disabled="true"
            aria-label={t.connectLabel(name)}
            aria-describedby={`${id}-soon`}
            className="pj-match-card__inert"
            onClick={(event) => event.preventDefault()}
          >
            {t.connect}
          </Button>
        </Tooltip>
      </footer>
    </article>
  );
}
