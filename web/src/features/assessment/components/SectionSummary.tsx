import { Icon } from '../../../shared/ui/Icon';
import type { AssessmentDefinition, AssessmentResponses } from '../assessment.api';
import { assessmentTexts as t } from '../assessment.texts';
import { isAnswered } from '../answers';

export interface SectionSummaryProps {
  definition: AssessmentDefinition;
  answers: AssessmentResponses;
  /** The section of the question on screen. */
  currentSection: number;
}

/** Every section with how many of its questions are answered; the current one stands out. */
export function SectionSummary({ definition, answers, currentSection }: SectionSummaryProps) {
  return (
    <ol className="pj-assessment__sections" aria-label={t.sectionsLabel}>
      {definition.sections.map((section, i) => {
        const answered = section.questions.filter((question) => isAnswered(question, answers[question.id])).length;
        const complete = answered === section.questions.length;
        return (
          <li
            key={section.title}
            className={`pj-assessment__section${complete ? ' pj-assessment__section--complete' : ''}`}
            aria-current={i === currentSection ? 'step' : undefined}
          >
            <span className="pj-assessment__section-title">{section.title}</span>
            <span className="pj-assessment__section-count">
              {complete && <Icon name="check" size={14} />}
              {t.sectionAnswered(answered, section.questions.length)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
