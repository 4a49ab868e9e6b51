import { Tag } from 'antd';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { QueryError } from '../../shared/ui/LoadError';
import { LoadingState } from '../../shared/ui/LoadingState';
import { ScoreBar } from '../../shared/ui/ScoreBar';
import { formatDate } from '../../shared/lib/format-date';
import { useDocumentTitle } from '../../shared/lib/use-document-title';
import { useGetMyAssessmentQuery, type AssessmentResult } from '../../shared/api/assessment.api';
import { ASSESSMENT_PATH, assessmentTexts, workingStyleDimensions } from './assessment.texts';
import { palette } from '../../shared/theme';
import { PageHeader } from '../../shared/ui/PageHeader';
import { CardSection } from '../../shared/ui/CardSection';
import { EmptyCard } from '../../shared/ui/EmptyCard';
import { DiscoverabilityPrompt } from '../../shared/ui/DiscoverabilityPrompt';
import './assessment.css';

const t = assessmentTexts.results;

/** Working-style bars in the dimensions' order; a dimension the server adds later goes last, as it comes. */
function workingStyleRows(result: AssessmentResult) {
  const known = workingStyleDimensions.filter((dimension) => dimension.label in result.workingStyle);
  const extra = Object.keys(result.workingStyle).filter(
    (label) => !workingStyleDimensions.some((dimension) => dimension.label === label),
  );
  return [
    ...known.map((dimension) => ({
      label: dimension.label,
      percent: result.workingStyle[dimension.label]!,
      hint: `${dimension.low} ↔ ${dimension.high}`,
    })),
    ...extra.map((label) => ({ label, percent: result.workingStyle[label]!, hint: undefined })),
  ];
}

/** /assessment/results: the current result (prototype spec §2 "Student dashboard", sidebar), or how to get one. */
export function AssessmentResultsPage() {
  useDocumentTitle(assessmentTexts.resultsDocumentTitle);
  const { data, error, isLoading, isFetching, refetch } = useGetMyAssessmentQuery(undefined);

  let body;
  if (isLoading) {
    body = <LoadingState label={assessmentTexts.loading} />;
  } else if (data === undefined) {
    body = <QueryError title={t.loadError} query={{ error, isFetching, refetch }} retryLabel={assessmentTexts.retry} />;
  } else if (data === null) {
    body = (
      <EmptyCard headingId="assessment-empty-heading" title={t.empty.title} body={t.empty.body}>
        <ButtonLink type="primary" to={ASSESSMENT_PATH}>
          {t.empty.cta}
        </ButtonLink>
      </EmptyCard>
    );
  } else {
    body = <Results result={data} />;
  }

  return (
    <div className="pj-assessment">
      <PageHeader title={t.title} lead={t.lead} />
      {body}
    </div>
  );
}

function Results({ result }: { result: AssessmentResult }) {
  return (
    <>
      {/* Asked once, now that the student has a result to be found by (API.md "Finding talent"). */}
      <DiscoverabilityPrompt />
      <div className="pj-results__bar">
        <p className="pj-results__date">{t.completedAt(formatDate(result.completedAt))}</p>
        <div className="pj-results__actions">
          <ButtonLink to="/skills">{t.skills}</ButtonLink>
          <ButtonLink to="/matching-demo">{t.matches}</ButtonLink>
          <ButtonLink type="primary" to={ASSESSMENT_PATH}>
            {t.retake}
          </ButtonLink>
        </div>
      </div>
      <div className="pj-results">
        <CardSection headingId="results-style-heading" title={t.workingStyle}>
          <ul className="pj-results__bars">
            {workingStyleRows(result).map((row) => (
              <li key={row.label}>
                <ScoreBar label={row.label} percent={row.percent} hint={row.hint} />
              </li>
            ))}
          </ul>
        </CardSection>
        <CardSection headingId="results-values-heading" title={t.values}>
          {result.valuesAlignment.length === 0 ? (
            <p className="pj-results__none">{t.noValues}</p>
          ) : (
            <ol className="pj-results__values">
              {result.valuesAlignment.map((value) => (
                <li key={value}>
                  <Tag color={palette.primary} className="pj-results__value">
                    {value}
                  </Tag>
                </li>
              ))}
            </ol>
          )}
        </CardSection>
      </div>
    </>
  );
}
