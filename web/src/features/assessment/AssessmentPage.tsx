import { Alert, App, Button } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toApiFailure } from '../../api/api-error';
import { QueryError } from '../../shared/ui/LoadError';
import { LoadingState } from '../../shared/ui/LoadingState';
import { formatDate } from '../../shared/lib/format-date';
import { useDocumentTitle } from '../../shared/lib/use-document-title';
import { isAnswered, prefill, responsesFor } from './answers';
import {
  useGetAssessmentDefinitionQuery,
  useSubmitAssessmentMutation,
  type AssessmentDefinition,
  type AssessmentQuestion,
  type AssessmentResponses,
} from './assessment.api';
import { useGetMyAssessmentQuery, type AssessmentResult } from '../../shared/api/assessment.api';
import { DASHBOARD_PATH, assessmentTexts as t } from './assessment.texts';
import { AssessmentProgress } from './components/AssessmentProgress';
import { QuestionField } from './components/QuestionField';
import { SectionSummary } from './components/SectionSummary';
import { PageHeader } from '../../shared/ui/PageHeader';
import './assessment.css';

/** /assessment: the culture assessment, one question at a time (prototype spec §2, §4, §5). */
export function AssessmentPage() {
  useDocumentTitle(t.documentTitle);
  const definition = useGetAssessmentDefinitionQuery(undefined);
  // A failure here only means no prefill: the assessment can still be taken.
  const current = useGetMyAssessmentQuery(undefined);

  let body;
  if (definition.isLoading || current.isLoading) {
    body = <LoadingState label={t.loading} />;
  } else if (!definition.data) {
    body = <QueryError title={t.loadError} query={definition} retryLabel={t.retry} />;
  } else {
    body = <AssessmentWizard definition={definition.data} previous={current.data ?? null} />;
  }

  return (
    <div className="pj-assessment">
      <PageHeader title={t.title} lead={t.lead} />
      {body}
    </div>
  );
}

interface AssessmentWizardProps {
  definition: AssessmentDefinition;
  /** The current result when the page opened, whose answers are filled in for a retake. */
  previous: AssessmentResult | null;
}

function AssessmentWizard({ definition, previous: initial }: AssessmentWizardProps) {
  // What was current when the page opened, even once this submission has replaced it.
  const [previous] = useState(initial);
  const steps = useMemo(
    () =>
      definition.sections.flatMap((section, sectionIndex) =>
        section.questions.map((question) => ({ question, sectionIndex, sectionTitle: section.title })),
      ),
    [definition],
  );
  const [answers, setAnswers] = useState<AssessmentResponses>(() => prefill(definition, previous?.responses));
  const [index, setIndex] = useState(0);
  const [submit, { isLoading: submitting }] = useSubmitAssessmentMutation();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // Focus follows the question, so that a keyboard or screen reader user starts at the new one.
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [index]);

  const goTo = (next: number) => {
    moved.current = true;
    setIndex(next);
  };

  const step = steps[index]!;
  const last = index === steps.length - 1;
  const answered = isAnswered(step.question, answers[step.question.id]);

  const canAdd = (question: AssessmentQuestion, chosen: string[]) => {
    if (question.maxSelections === undefined || chosen.length < question.maxSelections) return true;
    notification.error({ title: t.limitReached.title, description: t.limitReached.description });
    return false;
  };

  const onSubmit = async () => {
    try {
      await submit(responsesFor(definition, answers)).unwrap();
      notification.success({ title: t.submitted.title, description: t.submitted.description });
      // As in the prototype: on to the dashboard, whose sidebar shows the new working style and values.
      void navigate(DASHBOARD_PATH);
    } catch (error) {
      notification.error({ title: t.submitFailed.title, description: t.submitFailed.description });
      // A 400 names the questions (`responses.q3`): show the first of them.
      const ids = toApiFailure(error).issues.map((issue) => /^responses\.([^.]+)/.exec(issue.path)?.[1]);
      const first = steps.findIndex((item) => ids.includes(item.question.id));
      if (first >= 0 && first !== index) goTo(first);
    }
  };

  return (
    <>
      {previous && (
        <Alert
          type="info"
          showIcon
          className="pj-assessment__notice"
          title={t.retakeNotice(formatDate(previous.completedAt))}
        />
      )}
      <section className="pj-assessment__card" aria-label={t.title}>
        <AssessmentProgress index={index} total={steps.length} />
        <SectionSummary definition={definition} answers={answers} currentSection={step.sectionIndex} />
        <QuestionField
          key={step.question.id}
          question={step.question}
          sectionTitle={step.sectionTitle}
          answer={answers[step.question.id]}
          onChange={(answer) => setAnswers((all) => ({ ...all, [step.question.id]: answer }))}
          canAdd={canAdd}
          headingRef={headingRef}
        />
        <div className="pj-assessment__nav">
          <Button disabled={index === 0 || submitting} onClick={() => goTo(index - 1)}>
            {t.previous}
          </Button>
          {last ? (
            <Button type="primary" disabled={!answered} loading={submitting} onClick={() => void onSubmit()}>
              {submitting ? t.submitting : t.complete}
            </Button>
          ) : (
            <Button type="primary" disabled={!answered} onClick={() => goTo(index + 1)}>
              {t.next}
            </Button>
          )}
        </div>
      </section>
    </>
  );
}
