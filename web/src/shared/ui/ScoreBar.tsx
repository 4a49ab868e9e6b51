import { Progress } from 'antd';
import { useId } from 'react';
import { palette } from '../theme';
import './page-states.css';

export interface ScoreBarProps {
  label: string;
  /** 0–100. */
  percent: number;
  /** Under the bar, e.g. what each end of the scale means. */
  hint?: string;
  color?: string;
}

/** A named percentage: the label and the figure above a bar that screen readers read by the label. */
export function ScoreBar({ label, percent, hint, color = palette.primary }: ScoreBarProps) {
  const id = useId();
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="pj-score">
      <div className="pj-score__head">
        <span id={id} className="pj-score__label">
          {label}
        </span>
        <span className="pj-score__value">{value}%</span>
      </div>
      <Progress percent={value} showInfo={false} strokeColor={color} aria-labelledby={id} size="small" />
      {hint && <p className="pj-score__hint">{hint}</p>}
    </div>
  );
}

export interface MatchScoresProps {
  skills: number;
  culture: number;
  /** The bars' names, e.g. 'Skills Match' and 'Culture Match'. */
  labels: { skills: string; culture: string };
  className: string;
}

/** An application's skills and culture scores as two bars. */
export function MatchScores({ skills, culture, labels, className }: MatchScoresProps) {
  return (
    <div className={className}>
      <ScoreBar label={labels.skills} percent={skills} color={palette.secondary} />
      <ScoreBar label={labels.culture} percent={culture} color={palette.accent} />
    </div>
  );
}
