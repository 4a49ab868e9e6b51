import { Button, Modal, Progress } from 'antd';
import { useState } from 'react';
import { Icon } from '../../shared/ui/Icon';
import type { User } from '../../shared/session';
import { onboardingTexts as t, tutorialSteps, type TutorialStep } from './onboarding.texts';
import { useTypewriter } from './use-typewriter';
import type { Tutorial } from './use-tutorial';
import { palette } from '../../shared/theme';
import './onboarding.css';

export interface OnboardingTutorialProps {
  role: User['role'];
  tutorial: Tutorial;
}

/** Students see 6 steps; employers 4 (no assessment, no career recommendations). */
export function stepsFor(role: User['role']): TutorialStep[] {
  return role === 'student' ? tutorialSteps : tutorialSteps.filter((step) => !step.studentsOnly);
}

/** The onboarding walkthrough (prototype spec §4); its content mounts anew each time it opens. */
export function OnboardingTutorial({ role, tutorial }: OnboardingTutorialProps) {
  return (
    <Modal
      open={tutorial.open}
      onCancel={tutorial.dismiss}
      footer={null}
      width={640}
      centered
      destroyOnHidden
      mask={{ closable: false }}
      title={t.dialogLabel}
      className="pj-tour"
    >
      <TutorialBody steps={stepsFor(role)} tutorial={tutorial} />
    </Modal>
  );
}

interface TutorialBodyProps {
  steps: TutorialStep[];
  tutorial: Tutorial;
}

function TutorialBody({ steps, tutorial }: TutorialBodyProps) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const step = steps[index]!;
  const total = steps.length;
  const last = index === total - 1;
  const percent = Math.round(((index + 1) / total) * 100);
  const { shown, animated } = useTypewriter(step.animationText, playing);

  return (
    <div className="pj-tour__body">
      <div className="pj-tour__progress">
        <span>{t.stepOf(index + 1, total)}</span>
        <span>{t.percent(percent)}</span>
      </div>
      <Progress
        percent={percent}
        showInfo={false}
        strokeColor={palette.primary}
        aria-label={t.stepOf(index + 1, total)}
      />

      <ol className="pj-tour__steps" aria-label={t.stepsLabel}>
        {steps.map((item, i) => (
          <li key={item.id}>
            <button
              type="button"
              className="pj-tour__step"
              aria-current={i === index ? 'step' : undefined}
              aria-label={t.stepTab(i + 1, item.title)}
              onClick={() => setIndex(i)}
            >
              {item.short}
            </button>
          </li>
        ))}
      </ol>

      <section className="pj-tour__content" aria-live="polite">
        <span className="pj-tour__icon">
          <Icon name={step.icon} size={28} />
        </span>
        <h2 className="pj-tour__title">{step.title}</h2>
        <p className="pj-tour__description">{step.description}</p>
        <div className="pj-tour__typed">
          <p aria-hidden="true" className="pj-tour__typed-text">
            {shown}
            {animated && <span className="pj-tour__caret" />}
          </p>
          <span className="pj-visually-hidden">{step.animationText}</span>
          {animated && (
            <Button
              size="small"
              type="text"
              icon={<Icon name={playing ? 'pause' : 'play'} size={16} />}
              aria-label={playing ? t.pause : t.play}
              onClick={() => setPlaying((value) => !value)}
            />
          )}
        </div>
        {step.tip && <p className="pj-tour__tip">{step.tip}</p>}
      </section>

      <div className="pj-tour__footer">
        <Button type="text" onClick={tutorial.dismiss}>
          {t.skip}
        </Button>
        <div className="pj-tour__nav">
          <Button disabled={index === 0} onClick={() => setIndex(index - 1)}>
            {t.previous}
          </Button>
          {last ? (
            <Button type="primary" loading={tutorial.finishing} onClick={() => void tutorial.finish()}>
              {t.finish}
            </Button>
          ) : (
            <Button type="primary" onClick={() => setIndex(index + 1)}>
              {t.next}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
