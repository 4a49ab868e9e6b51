import { Progress } from 'antd';
import { assessmentTexts as t } from '../assessment.texts';
import { palette } from '../../../shared/theme';

export interface AssessmentProgressProps {
  /** 0-based position of the current question. */
  index: number;
  total: number;
}

type StepState = 'current' | 'done' | 'upcoming';

const stateOf = (i: number, index: number): StepState => (i === index ? 'current' : i < index ? 'done' : 'upcoming');

/** 'Question X of N', the percent-complete bar and a dot per question (current, done, upcoming). */
export function AssessmentProgress({ index, total }: AssessmentProgressProps) {
  const percent = Math.round(((index + 1) / total) * 100);
  return (
    <div className="pj-assessment__progress">
      <div className="pj-assessment__progress-text">
        <span aria-live="polite">{t.questionOf(index + 1, total)}</span>
        <span>{t.percentComplete(percent)}</span>
      </div>
      <Progress percent={percent} showInfo={false} strokeColor={palette.primary} aria-label={t.progressLabel} />
      <ol className="pj-assessment__dots" aria-label={t.stepsLabel}>
        {Array.from({ length: total }, (_, i) => {
          const state = stateOf(i, index);
          return (
            <li
              key={i}
              className={`pj-assessment__dot pj-assessment__dot--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="pj-visually-hidden">{t.step(i + 1, state)}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
