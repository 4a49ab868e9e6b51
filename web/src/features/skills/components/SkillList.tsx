import { App, Button, Select, Tag } from 'antd';
import { failureMessage, toApiFailure } from '../../../api/api-error';
import { QueryError } from '../../../shared/ui/LoadError';
import { ListLoading } from '../../../shared/ui/ListStates';
import { useChangeSkillLevelMutation, useRemoveSkillMutation } from '../skills.api';
import { useGetMySkillsQuery, type ProficiencyLevel, type UserSkill } from '../../../shared/api/skills.api';
import { proficiencyLevels } from '@projectory/contracts/values';
import { ProficiencyBar } from '../../../shared/ui/ProficiencyBar';
import { skillsTexts } from '../skills.texts';
import { palette } from '../../../shared/theme';
import { CardSection } from '../../../shared/ui/CardSection';
import { confirmDanger } from '../../../shared/lib/confirm-danger';

const t = skillsTexts.list;

/** The skills on the profile, each with its level (changed at once) and a confirmed removal. */
export function SkillList() {
  const { data, error, isLoading, isFetching, refetch } = useGetMySkillsQuery(undefined);
  const count = data?.items.length;

  return (
    <CardSection
      headingId="skills-list-heading"
      title={t.title}
      headClassName="pj-skills__list-head"
      aside={count !== undefined && <span className="pj-skills__count">{t.count(count)}</span>}
      aria-busy={isLoading}
    >
      {isLoading ? (
        <ListLoading label={t.loading} rows={4} />
      ) : !data ? (
        <QueryError title={t.loadError} query={{ error, isFetching, refetch }} retryLabel={t.retry} />
      ) : data.items.length === 0 ? (
        <p className="pj-empty-note">{t.empty}</p>
      ) : (
        <ul className="pj-skills__list">
          {data.items.map((item) => (
            <SkillRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </CardSection>
  );
}

function SkillRow({ item }: { item: UserSkill }) {
  const [changeLevel] = useChangeSkillLevelMutation();
  const [removeSkill, { isLoading: removing }] = useRemoveSkillMutation();
  const { message, modal } = App.useApp();
  const name = item.skill.name;

  const onLevel = async (proficiencyLevel: ProficiencyLevel) => {
    try {
      await changeLevel({ id: item.id, proficiencyLevel }).unwrap();
      void message.success(t.levelChanged(name, proficiencyLevel));
    } catch (error) {
      void message.error(failureMessage(toApiFailure(error)));
    }
  };

  const onRemove = () => {
    confirmDanger(
      modal,
      { title: t.confirmTitle(name), body: t.confirmBody, ok: t.remove, cancel: t.cancel },
      async () => {
        try {
          await removeSkill(item.id).unwrap();
          void message.success(t.removed(name));
        } catch (error) {
          void message.error(failureMessage(toApiFailure(error)));
        }
      },
    );
  };

  return (
    <li className="pj-skill">
      <div className="pj-skill__text">
        <span className="pj-skill__name">
          {name}
          {item.verified && (
            <Tag color={palette.success} className="pj-skill__verified">
              {t.verified}
            </Tag>
          )}
        </span>
        <span className="pj-skill__category">{item.skill.category}</span>
        <ProficiencyBar level={item.proficiencyLevel} name={name} className="pj-skill__bar" />
      </div>
      <div className="pj-skill__actions">
        <Select<ProficiencyLevel>
          value={item.proficiencyLevel}
          aria-label={t.levelLabel(name)}
          options={proficiencyLevels.map((level) => ({ value: level, label: level }))}
          onChange={(level) => void onLevel(level)}
          className="pj-skill__level"
        />
        <Button danger aria-label={t.removeLabel(name)} loading={removing} onClick={onRemove}>
          {t.remove}
        </Button>
      </div>
    </li>
  );
}
