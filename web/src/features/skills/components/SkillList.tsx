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

const t = skillsTexts.list;

/** The skills on the profile, each with its level (changed at once) and a confirmed removal. */
export function SkillList() {
  const { data, error, isLoading, isFetching, refetch } = useGetMySkillsQuery(undefined);
  const count = data?.items.length;

  return (
    <section className="pj-card" aria-labelledby="skills-list-heading" aria-busy={isLoading}>
      <div className="pj-skills__list-head">
        <h2 id="skills-list-heading" className="pj-card__title">
          {t.title}
        </h2>
        {count !== undefined && <span className="pj-skills__count">{t.count(count)}</span>}
      </div>
      {isLoading ? (
        <ListLoading label={t.loading} rows={4} />
      ) : !data ? (
        <QueryError title={t.loadError} query={{ error, isFetching, refetch }} retryLabel={t.retry} />
      ) : data.items.length === 0 ? (
        <p className="pj-skills__empty">{t.empty}</p>
      ) : (
        <ul className="pj-skills__list">
          {data.items.map((item) => (
            <SkillRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
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
    modal.confirm({
      title: t.confirmTitle(name),
      content: t.confirmBody,
      okText: t.remove,
      okButtonProps: { danger: true },
      cancelText: t.cancel,
      onOk: async () => {
        try {
          await removeSkill(item.id).unwrap();
          void message.success(t.removed(name));
        } catch (error) {
          void message.error(failureMessage(toApiFailure(error)));
        }
      },
    });
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
