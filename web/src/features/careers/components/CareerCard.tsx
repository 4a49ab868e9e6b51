import type { CSSProperties } from 'react';
import { TagList } from '../../../shared/ui/TagList';
import type { CareerRecommendation } from '../careers.api';
import { CARD_INDUSTRIES, CARD_STAGGER_S, careersTexts } from '../careers.texts';
import { CareerFacts } from './CareerFacts';
import { GrowthBadge } from './GrowthBadge';
import { MatchBar } from './MatchBar';

const t = careersTexts.card;

export interface CareerCardProps {
  career: CareerRecommendation;
  /** Its place in the list: cards appear 0.1 s apart (none of that with reduced motion, careers.css). */
  index: number;
  selected: boolean;
  onSelect: () => void;
}

/**
 * One career of 'Your Career Matches' (prototype spec §2): title, match bar, growth badge, two lines
 * of description, salary and time, two industries and '+N more'. The title is the button that
 * selects it; the whole card is its click area.
 */
export function CareerCard({ career, index, selected, onSelect }: CareerCardProps) {
  const style = { '--pj-career-delay': `${index * CARD_STAGGER_S}s` } as CSSProperties;
  return (
    <article className={selected ? 'pj-career-card pj-career-card--selected' : 'pj-career-card'} style={style}>
      <div className="pj-career-card__head">
        <h3 className="pj-career-card__title">
          <button type="button" className="pj-career-card__select" aria-pressed={selected} onClick={onSelect}>
            {career.title}
          </button>
        </h3>
        <GrowthBadge growth={career.growthPotential} />
      </div>
      <MatchBar percent={career.matchPercentage} text={t.match} />
      <p className="pj-career-card__description">{career.description}</p>
      <CareerFacts
        facts={[
          { label: t.salary, value: career.salaryRange },
          { label: t.time, value: career.timeToAchieve },
        ]}
      />
      <TagList tags={career.industries} label={t.industries} max={CARD_INDUSTRIES} />
    </article>
  );
}
