import { Progress } from 'antd';
import { useId } from 'react';
import { careersTexts } from '../careers.texts';
import { useGenerationProgress } from '../use-generation-progress';
import { palette } from '../../../shared/theme';

const t = careersTexts.progress;

/** While a generation runs: a bar and the stage, from the socket's `careers:progress`. */
export function GenerationProgress() {
  const { percent, stage } = useGenerationProgress(true);
  const id = useId();
  return (
    <div className="pj-career-progress">
      <span id={id} className="pj-visually-hidden">
        {t.label}
      </span>
      <Progress percent={percent} strokeColor={palette.primary} aria-labelledby={id} />
      <p className="pj-career-progress__stage" role="status">
        {stage ?? t.starting}
      </p>
    </div>
  );
}
