import { Tag } from 'antd';
import { useState, type ReactNode, type Ref } from 'react';
import { Tabs } from '../../../shared/ui/Tabs';
import { useGetSkillGapQuery, type CareerRecommendation } from '../careers.api';
import { careersTexts } from '../careers.texts';
import { CareerFacts } from './CareerFacts';
import { GrowthBadge } from './GrowthBadge';
import { MatchBar } from './MatchBar';
import { SkillGapPanel } from './SkillGapPanel';
import '../../../shared/ui/tag-list.css';

const t = careersTexts.detail;

/** Ask the gap again when a career is selected after this many seconds: skills and open projects change. */
const GAP_FRESH_S = 30;

export interface CareerDetailProps {
  career: CareerRecommendation | undefined;
  headingRef: Ref<HTMLHeadingElement>;
}

/**
 * The panel beside the list (below it on phones): the selected career with its match, growth,
 * 'Why This Matches You:' and the tabs Skills, Roadmap and Gap Analysis (prototype spec §2); the
 * gap is asked as soon as a career is selected. Its heading takes the focus on phones, where the
 * panel is out of sight below the list.
 */
/** The panel: a region named by its heading, which can take the focus. */
function Panel({
  title,
  headingRef,
  children,
}: {
  title: string;
  headingRef: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <section className="pj-card pj-career-detail" aria-labelledby="career-detail-title">
      <h2 id="career-detail-title" className="pj-card__title" ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}

export function CareerDetail({ career, headingRef }: CareerDetailProps) {
  if (!career) {
    return (
      <Panel title={t.placeholderTitle} headingRef={headingRef}>
        <p className="pj-career-detail__placeholder">{t.placeholderBody}</p>
      </Panel>
    );
  }
  return <SelectedCareer career={career} headingRef={headingRef} />;
}

function SelectedCareer({ career, headingRef }: { career: CareerRecommendation; headingRef: Ref<HTMLHeadingElement> }) {
  // Selecting a career asks its gap at once (prototype spec §4), whichever tab is open.
  const gap = useGetSkillGapQuery(career.title, { refetchOnMountOrArgChange: GAP_FRESH_S });
  const [tab, setTab] = useState<'skills' | 'roadmap' | 'gap'>('skills');
  return (
    <Panel title={career.title} headingRef={headingRef}>
      <p className="pj-career-detail__description">{career.description}</p>
      <CareerFacts
        className="pj-career-facts--detail"
        facts={[
          { label: t.matchScore, value: <MatchBar percent={career.matchPercentage} text={t.compatibility} /> },
          { label: t.growthPotential, value: <GrowthBadge growth={career.growthPotential} /> },
          { label: t.salary, value: career.salaryRange },
          { label: t.time, value: career.timeToAchieve },
        ]}
      />
      <div className="pj-career-detail__why">
        <h3 className="pj-career-detail__subtitle">{t.why}</h3>
        <p>{career.reasoning}</p>
      </div>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        aria-label={t.tabsLabel}
        items={[
          {
            key: 'skills',
            label: t.tabs.skills,
            children: (
              <>
                <h3 className="pj-career-detail__subtitle">{t.requiredSkills}</h3>
                <ul className="pj-tags" aria-label={t.requiredSkills}>
                  {career.requiredSkills.map((skill) => (
                    <li key={skill}>
                      <Tag>{skill}</Tag>
                    </li>
                  ))}
                </ul>
              </>
            ),
          },
          {
            key: 'roadmap',
            label: t.tabs.roadmap,
            children: (
              <>
                <h3 className="pj-career-detail__subtitle">{t.nextSteps}</h3>
                <ol className="pj-career-detail__steps">
                  {career.nextSteps.map((step) => (
                    <li key={step}>{step}</li>
                  ))}
                </ol>
              </>
            ),
          },
          { key: 'gap', label: t.tabs.gap, children: <SkillGapPanel gap={gap} /> },
        ]}
      />
    </Panel>
  );
}
