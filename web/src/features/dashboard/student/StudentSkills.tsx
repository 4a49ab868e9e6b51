import { Tag } from 'antd';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { useGetMySkillsQuery, type UserSkill } from '../../../shared/api/skills.api';
import { ProficiencyBar } from '../../../shared/ui/ProficiencyBar';
import { QueryList } from '../../../shared/ui/ListStates';
import { dashboardTexts } from '../dashboard.texts';
import { palette } from '../../../shared/theme';
import { CardSection } from '../../../shared/ui/CardSection';

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
    <CardSection
      headingId="dash-skills-heading"
      title={t.title}
      headClassName="pj-dash__head"
      aside={
        <ButtonLink type="primary" to="/skills">
          {t.add}
        </ButtonLink>
      }
    >
      {body}
    </CardSection>
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
