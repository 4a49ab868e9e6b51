import { Alert, Form, Input, Select } from 'antd';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { useGetMySkillsQuery } from '../../../shared/api/skills.api';
import { DESCRIPTION_MAX, DESCRIPTION_MIN, portfolioTexts, TITLE_MAX } from '../portfolio.texts';
import { requiredTextRules } from '../../../shared/lib/form-rules';

const t = portfolioTexts.dialog;
const v = portfolioTexts.validation;

export interface ItemFieldValues {
  userSkillId: string;
  title: string;
  description: string;
}

/** The related skill, title and description of an item (prototype spec §5 "Portfolio item"), for adding and editing. */
export function ItemFields() {
  const skills = useGetMySkillsQuery(undefined);
  const options = (skills.data?.items ?? []).map((userSkill) => ({
    value: userSkill.id,
    label: `${userSkill.skill.name} · ${userSkill.proficiencyLevel}`,
  }));
  const noSkills = skills.data !== undefined && options.length === 0;

  return (
    <>
      <Form.Item name="userSkillId" label={t.skill} rules={[{ required: true, message: v.skill }]}>
        <Select
          options={options}
          placeholder={t.skillPlaceholder}
          loading={skills.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
      {noSkills && (
        <Alert
          type="info"
          showIcon
          className="pj-portfolio-dialog__note"
          title={t.noSkills}
          action={
            <ButtonLink to="/skills" size="small">
              {t.addSkills}
            </ButtonLink>
          }
        />
      )}
      <Form.Item name="title" label={t.itemTitle} rules={requiredTextRules(v.titleRequired, TITLE_MAX, v.titleMax)}>
        <Input placeholder={t.titlePlaceholder} maxLength={TITLE_MAX} />
      </Form.Item>
      <Form.Item
        name="description"
        label={t.description}
        rules={[
          { required: true, whitespace: true, message: v.descriptionMin },
          { min: DESCRIPTION_MIN, message: v.descriptionMin },
          { max: DESCRIPTION_MAX, message: v.descriptionMax },
        ]}
      >
        <Input.TextArea
          placeholder={t.descriptionPlaceholder}
          autoSize={{ minRows: 3, maxRows: 8 }}
          showCount
          maxLength={DESCRIPTION_MAX}
        />
      </Form.Item>
    </>
  );
}
