import { Tag } from 'antd';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { useGetMySkillsQuery, type UserSkill } from '../../../shared/api/skills.api';
import { ProficiencyBar } from '../../../shared/ui/ProficiencyBar';
import { QueryList } from '../../../shared/ui/ListStates';
import { dashboardTexts } from '../dashboard.texts';
import { palette } from '../../../shared/theme';

const t = dashboardTexts.skills;

/** The skills on the profile, each with its proficiency bar (prototype spec §9: Advanced 90, Intermediate 70, other 40). */
export function StudentSkills() {
  const query = useGetMySkillsQuery(undefined, { refetchOnMountOrArgChange: true });
  const { data } = query;

  const body = (
    <QueryList query={query} items={data?.items} loading={t.loading} loadError={t.loadError} empty={t.empty}>
      {(items) => (
        <ul className="pj-dash__skills">
          {items.map((item) => (
            <SkillRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </QueryList>
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
          {item.verified && <Tag color={palette.success}>{t.verified}</Tag>}
          <Tag>{item.proficiencyLevel}</Tag>
        </span>
      </div>
      <ProficiencyBar level={item.proficiencyLevel} name={name} />
    </li>
  );
}
