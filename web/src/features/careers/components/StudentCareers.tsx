import { Alert, Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { failureMessage, toApiFailure } from '../../../api/api-error';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { useGetMyAssessmentQuery } from '../../../shared/api/assessment.api';
import {
  useGenerateCareerRecommendationsMutation,
  useGetCareerRecommendationsQuery,
  type CareerRecommendations,
} from '../careers.api';
import { careersTexts as t } from '../careers.texts';
import { CareerCard } from './CareerCard';
import { CareerDetail } from './CareerDetail';
import { GenerationProgress } from './GenerationProgress';
import { BlsCredit, SourceNote } from './Sources';
import { PageHeader } from '../../../shared/ui/PageHeader';

/** Below this width the detail panel sits under the list, out of sight: selecting a card moves there. */
const STACKED_QUERY = '(max-width: 991px)';

/** The list's answer is usable only as a list (prototype spec §8: anything else is the empty state). */
function itemsOf(data: CareerRecommendations | undefined) {
  return Array.isArray(data?.items) ? data.items : [];
}

/**
 * /career-recommendations for a student (prototype spec §2): loading, then the empty state with
 * 'Generate Career Recommendations', or the list of career cards beside the detail panel. A
 * generation shows its progress from the socket; a failed one says why.
 */
export function StudentCareers() {
  // The server keeps the latest result; asked again on each visit, so that `stale` is current.
  const list = useGetCareerRecommendationsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [generate, generation] = useGenerateCareerRecommendationsMutation();
  const assessed = Boolean(useGetMyAssessmentQuery(undefined).data);
  const [selectedTitle, setSelectedTitle] = useState<string>();
  const [moveToDetail, setMoveToDetail] = useState(false);
  const detailHeading = useRef<HTMLHeadingElement>(null);

  const items = itemsOf(list.data);
  const selected = items.find((career) => career.title === selectedTitle);

  useEffect(() => {
    if (!moveToDetail) return;
    setMoveToDetail(false);
    if (window.matchMedia(STACKED_QUERY).matches) detailHeading.current?.focus();
  }, [moveToDetail]);

  if (list.isLoading) return <LoadingState label={t.loading.title} detail={t.loading.detail} />;

  const generating = generation.isLoading;
  const onGenerate = () => void generate(undefined);
  const failure = generation.isError && (
    <Alert
      type="error"
      showIcon
      role="alert"
      className="pj-careers__alert"
      title={t.generateFailed}
      description={failureMessage(toApiFailure(generation.error))}
    />
  );

  if (items.length === 0) {
    return (
      <div className="pj-careers">
        <section className="pj-card pj-empty pj-careers__empty" aria-labelledby="careers-title">
          <h1 id="careers-title" className="pj-page-header__title">
            {t.empty.title}
          </h1>
          <p className="pj-empty__body">{assessed ? t.empty.bodyAssessed : t.empty.body}</p>
          <Button type="primary" size="large" loading={generating} onClick={onGenerate}>
            {generating ? t.empty.generating : t.empty.generate}
          </Button>
          {generating && <GenerationProgress />}
          {failure}
        </section>
        <BlsCredit />
      </div>
    );
  }

  const { source, generatedAt, stale } = list.data!;
  return (
    <div className="pj-careers">
      <PageHeader
        title={t.list.title}
        className="pj-careers__header"
        actions={
          <Button type="primary" loading={generating} onClick={onGenerate}>
            {generating ? t.list.regenerating : t.list.regenerate}
          </Button>
        }
      >
        <SourceNote source={source} generatedAt={generatedAt} />
      </PageHeader>
      {generating && <GenerationProgress />}
      {failure}
      {stale && !generating && (
        <Alert type="info" showIcon className="pj-careers__alert" title={t.stale.title} description={t.stale.body} />
      )}
      <div className="pj-careers__layout">
        <section aria-labelledby="careers-matches-title">
          <h2 id="careers-matches-title" className="pj-careers__matches-title">
            {t.list.matches}
          </h2>
          <ul className="pj-careers__cards" aria-busy={generating}>
            {items.map((career, index) => (
              <li key={career.title}>
                <CareerCard
                  career={career}
                  index={index}
                  selected={career.title === selectedTitle}
                  onSelect={() => {
                    setSelectedTitle(career.title);
                    setMoveToDetail(true);
                  }}
                />
              </li>
            ))}
          </ul>
        </section>
        <div className="pj-careers__detail">
          <CareerDetail key={selected?.title ?? ''} career={selected} headingRef={detailHeading} />
        </div>
      </div>
      <BlsCredit />
    </div>
  );
}
