import { App, AutoComplete, Button, Form, Radio } from 'antd';
import { useState } from 'react';
import { failureMessage, toApiFailure } from '../../../api/api-error';
import { FormAlert } from '../../../shared/ui/FormAlert';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { useAddSkillMutation } from '../skills.api';
import { useSearchSkillsQuery, type ProficiencyLevel, type Skill } from '../../../shared/api/skills.api';
import { proficiencyLevels, SkillsErrorCode } from '@projectory/contracts/values';
import { SKILL_NAME_MAX, skillsTexts } from '../skills.texts';
import { CardSection } from '../../../shared/ui/CardSection';
import { requiredTextRules } from '../../../shared/lib/form-rules';

const t = skillsTexts.add;
const SEARCH_DELAY_MS = 250;

interface AddSkillValues {
  skill: string;
  proficiencyLevel: ProficiencyLevel;
}

const sameName = (a: string, b: string) => a.trim().localeCompare(b.trim(), undefined, { sensitivity: 'accent' }) === 0;
const startsWith = (name: string, typed: string) => sameName(name.slice(0, typed.trim().length), typed);

/**
 * A catalog search (debounced) that also takes a name of one's own, and a level. A catalog skill is
 * sent by id; any other text by name (the server files it under the catalog skill of that name if
 * there is one). A skill already on the profile (409) is said on the field.
 */
export function AddSkillForm() {
  const [form] = Form.useForm<AddSkillValues>();
  const [text, setText] = useState('');
  const [searching, setSearching] = useState(false);
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<Skill>();
  const [alert, setAlert] = useState<string>();
  const query = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const search = useSearchSkillsQuery(query, { skip: !searching });
  const [addSkill, { isLoading }] = useAddSkillMutation();
  const { message } = App.useApp();
  const stale = search.isFetching || query !== text.trim();
  // While the answer for what is typed now is on its way, only suggestions that still extend it stay:
  // Enter must not swap "React Native", typed fast, for the "React" suggested a moment before.
  const results = (search.data?.items ?? []).filter((skill) => !stale || startsWith(skill.name, text));
  const hint = text.trim() && !stale && results.length === 0 ? t.noMatch : t.skillHint;

  const onFinish = async ({ skill, proficiencyLevel }: AddSkillValues) => {
    setAlert(undefined);
    const name = skill.trim();
    const fromCatalog =
      picked && sameName(picked.name, name) ? picked : results.find((item) => sameName(item.name, name));
    try {
      const added = await addSkill(
        fromCatalog ? { skillId: fromCatalog.id, proficiencyLevel } : { name, proficiencyLevel },
      ).unwrap();
      void message.success(t.added(added.skill.name));
      form.setFieldValue('skill', '');
      setText('');
      setPicked(undefined);
    } catch (error) {
      const failure = toApiFailure(error);
      const onField =
        failure.code === SkillsErrorCode.SkillAlreadyAdded
          ? failure.message
          : failure.issues.find((issue) => issue.path === 'name' || issue.path === 'skillId')?.message;
      if (onField) form.setFields([{ name: 'skill', errors: [onField] }]);
      else setAlert(failureMessage(failure));
    }
  };

  return (
    <CardSection headingId="skills-add-heading" title={t.title}>
      <FormAlert message={alert} />
      <Form<AddSkillValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ skill: '', proficiencyLevel: 'Beginner' }}
        onFinish={(values) => void onFinish(values)}
        className="pj-skills__form"
      >
        <Form.Item
          name="skill"
          label={t.skill}
          extra={<span aria-live="polite">{hint}</span>}
          className="pj-skills__skill"
          rules={requiredTextRules(t.required, SKILL_NAME_MAX, t.tooLong)}
        >
          <AutoComplete
            placeholder={t.skillPlaceholder}
            options={results.map((skill) => ({
              value: skill.name,
              label: (
                <span className="pj-skills__option">
                  <span>{skill.name}</span>
                  <span className="pj-skills__option-category">{skill.category}</span>
                </span>
              ),
            }))}
            // Our own open state: rc-select stays "open" while it has no suggestions, so suggestions that
            // arrived after the field lost focus (e.g. once Add cleared it) would pop up over the list.
            open={open && results.length > 0}
            onOpenChange={setOpen}
            onFocus={() => setSearching(true)}
            onBlur={() => setOpen(false)}
            onSearch={(value) => {
              setText(value);
              setPicked(undefined);
              setOpen(true);
            }}
            onSelect={(value: string) => {
              setText(value);
              setPicked(results.find((skill) => skill.name === value));
              setOpen(false);
            }}
            // The first suggestion is active while open: rc-select otherwise points aria-activedescendant
            // at an option that does not exist. Nothing matching closes the list; the hint says so.
            defaultActiveFirstOption
            notFoundContent={null}
            maxLength={SKILL_NAME_MAX + 10}
          />
        </Form.Item>
        <div className="pj-skills__row">
          <Form.Item name="proficiencyLevel" label={t.proficiency} className="pj-skills__level">
            <Radio.Group
              name="new-skill-level"
              optionType="button"
              buttonStyle="solid"
              aria-label={t.proficiency}
              options={proficiencyLevels.map((level) => ({ value: level, label: level }))}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={isLoading} className="pj-skills__submit">
            {t.submit}
          </Button>
        </div>
      </Form>
    </CardSection>
  );
}
