import { Progress, Tag } from 'antd';
import { ButtonLink } from '../../../components/ButtonLink';
import { useGetMySkillsQuery, type UserSkill } from '../../skills/skills.api';
import { proficiencyPercent } from '../../skills/skills.texts';
import { TabList } from '../components/TabStates';
import { dashboardTexts } from '../dashboard.texts';

const t = dashboardTexts.skills;

/** The skills on the profile, each with its proficiency bar (prototype spec §9: Advanced 90, Intermediate 70, other 40). */
export function StudentSkills() {
  const query = useGetMySkillsQuery(undefined, { refetchOnMountOrArgChange: true });
  const { data } = query;

  const body = (
    <TabList query={query} items={data?.items} loading={t.loading} loadError={t.loadError} empty={t.empty}>
      {(items) => (
        <ul className="pj-dash__skills">
          {items.map((item) => (
            <SkillRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </TabList>
  );

  return (
    <section className="pj-card" aria-labelledby="dash-skills-heading">
      <div className="pj-dash__head">
        <h2 id="dash-skills-heading" className="pj-card__title">
          {t.title}
        </h2>
        <ButtonLink type="primary" to="/skills">
          {t.add}
        </ButtonLink>
      </div>
      {body}
    </section>
  );
}

function SkillRow({ item }: { item: UserSkill }) {
  const name = item.skill.name;
  return (
    <li className="pj-dash__skill">
      <div className="pj-dash__skill-head">
        <span className="pj-dash__row-title">{name}</span>
        <span className="pj-dash__tags">
          {item.verified && <Tag color="#15803d">{t.verified}</Tag>}
          <Tag>{item.proficiencyLevel}</Tag>
        </span>
      </div>
      <Progress
        percent={proficiencyPercent(item.proficiencyLevel)}
        showInfo={false}
        size="small"
        strokeColor="#4f46e5"
        aria-label={t.bar(name)}
      />
    </li>
  );
}
