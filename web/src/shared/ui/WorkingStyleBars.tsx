import { CULTURE_DIMENSION_LABELS, CULTURE_DIMENSIONS } from '@projectory/contracts/values';
import { ScoreBar } from './ScoreBar';

const ORDER: readonly string[] = CULTURE_DIMENSIONS.map((dimension) => CULTURE_DIMENSION_LABELS[dimension]);

/** An assessment's working-style scores by label, in the dimensions' order; any dimension the server adds goes last. */
export function workingStyleLabels(workingStyle: Record<string, number>): string[] {
  return [
    ...ORDER.filter((label) => label in workingStyle),
    ...Object.keys(workingStyle).filter((label) => !ORDER.includes(label)),
  ];
}

/** The working-style scores of an assessment as bars (the student's dashboard, a candidate's profile). */
export function WorkingStyleBars({
  workingStyle,
  className,
}: {
  workingStyle: Record<string, number>;
  className: string;
}) {
  return (
    <ul className={className}>
      {workingStyleLabels(workingStyle).map((label) => (
        <li key={label}>
          <ScoreBar label={label} percent={workingStyle[label] ?? 0} />
        </li>
      ))}
    </ul>
  );
}
