import { Checkbox, Radio, Tag } from 'antd';
import type { Ref } from 'react';
import type { AssessmentAnswer, AssessmentQuestion } from '../assessment.api';
import { assessmentTexts as t } from '../assessment.texts';
import { palette } from '../../../shared/theme';

export interface QuestionFieldProps {
  question: AssessmentQuestion;
  sectionTitle: string;
  answer: AssessmentAnswer | undefined;
  onChange: (answer: AssessmentAnswer) => void;
  /** Asked before a multi-select choice is added; false leaves it unchecked (the q6 limit). */
  canAdd: (question: AssessmentQuestion, chosen: string[]) => boolean;
  /** The heading, focused when the question changes. */
  headingRef: Ref<HTMLHeadingElement>;
}

/**
 * One question as a fieldset: radios for a single choice (arrow keys move and choose, as the inputs
 * share a name), checkboxes for several (Tab moves, Space toggles). Multi-select answers keep the order
 * in which they were chosen: the results list the values that way.
 */
export function QuestionField({ question, sectionTitle, answer, onChange, canAdd, headingRef }: QuestionFieldProps) {
  const multi = question.type === 'multi';
  const hintId = `${question.id}-hint`;

  const onMultiChange = (values: string[]) => {
    const chosen = Array.isArray(answer) ? answer : [];
    const added = values.filter((value) => !chosen.includes(value));
    const kept = chosen.filter((value) => values.includes(value));
    if (added.length > 0 && !canAdd(question, chosen)) return;
    onChange([...kept, ...added]);
  };

  return (
    <fieldset className="pj-assessment__question" aria-describedby={multi ? hintId : undefined}>
      <legend className="pj-assessment__legend">
        <span className="pj-assessment__eyebrow">{sectionTitle}</span>
        <h2 ref={headingRef} tabIndex={-1} className="pj-assessment__question-text">
          {question.text}
        </h2>
      </legend>
      {multi && (
        <div className="pj-assessment__multi">
          <Tag color={palette.primary}>{t.multipleChoice}</Tag>
          <span id={hintId} className="pj-assessment__hint">
            {question.maxSelections ? t.pickUpTo(question.maxSelections) : t.pickAny}
          </span>
        </div>
      )}
      {multi ? (
        <Checkbox.Group
          className="pj-assessment__options"
          value={Array.isArray(answer) ? answer : []}
          onChange={(values) => onMultiChange(values as string[])}
        >
          {question.options.map((option) => (
            <Checkbox key={option.value} value={option.value} className="pj-assessment__option">
              {option.label}
            </Checkbox>
          ))}
        </Checkbox.Group>
      ) : (
        <Radio.Group
          name={question.id}
          className="pj-assessment__options"
          value={typeof answer === 'string' ? answer : undefined}
          onChange={(event) => onChange(event.target.value as string)}
        >
          {question.options.map((option) => (
            <Radio key={option.value} value={option.value} className="pj-assessment__option">
              {option.label}
            </Radio>
          ))}
        </Radio.Group>
      )}
    </fieldset>
  );
}
