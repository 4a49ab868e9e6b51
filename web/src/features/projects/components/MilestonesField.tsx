import { Button, Form, Input, InputNumber } from 'antd';
import { useState } from 'react';
import { Icon } from '../../../shared/ui/Icon';
import {
  MILESTONE_DAY_OFFSET_MAX,
  MILESTONE_DESCRIPTION_MAX,
  MILESTONE_TITLE_MAX,
  MILESTONES_MAX,
  projectsTexts,
} from '../projects.texts';
import { requiredTextRules } from '../../../shared/lib/form-rules';

const t = projectsTexts.milestones;

/** One milestone of the form: `dayOffset` is null while its box is empty. */
export interface MilestoneValues {
  title: string;
  description: string;
  dayOffset: number | null;
}

/** A new milestone is due a week after the last one (a week after acceptance for the first). */
const WEEK = 7;

const focusLater = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

export interface MilestonesFieldProps {
  /** The form's name: antd prefixes its inputs' ids with it, and so do the buttons here. */
  formName: string;
}

/**
 * The project's milestone template (API.md "A plan from the project"): up to MILESTONES_MAX milestones,
 * each a title, an optional description and a due day counted from the acceptance day; added, removed
 * and reordered with buttons, so by keyboard too. Focus stays with the milestone a button moved, and
 * what happened is announced.
 */
export function MilestonesField({ formName }: MilestonesFieldProps) {
  const form = Form.useFormInstance();
  const [note, setNote] = useState('');
  const buttonId = (what: 'up' | 'down' | 'remove', index: number) => `${formName}-milestone-${what}-${index}`;
  const addId = `${formName}-milestone-add`;

  return (
    <Form.List name="milestones">
      {(fields, { add, remove, move }, { errors }) => {
        const full = fields.length >= MILESTONES_MAX;
        const moveTo = (from: number, to: number, button: 'up' | 'down') => {
          move(from, to);
          setNote(t.moved(to + 1));
          // The same button of the moved milestone, unless it can go no further that way.
          const last = to === 0 || to === fields.length - 1;
          focusLater(buttonId(last ? (button === 'up' ? 'down' : 'up') : button, to));
        };
        return (
          <fieldset className="pj-template-milestones">
            <legend className="pj-template-milestones__legend">{t.heading}</legend>
            <p className="pj-template-milestones__hint">{t.hint}</p>
            {fields.length === 0 ? (
              <p className="pj-template-milestones__empty">{t.empty}</p>
            ) : (
              <ol className="pj-template-milestones__list">
                {fields.map((field, index) => (
                  <li key={field.key} className="pj-template-milestones__item">
                    <fieldset className="pj-template-milestones__group">
                      <legend className="pj-template-milestones__item-legend">{t.item(index + 1)}</legend>
                      <div className="pj-template-milestones__actions">
                        <Button
                          id={buttonId('up', index)}
                          aria-label={t.moveUp(index + 1)}
                          title={t.moveUp(index + 1)}
                          icon={<Icon name="arrow-up" size={18} />}
                          disabled={index === 0}
                          onClick={() => moveTo(index, index - 1, 'up')}
                        />
                        <Button
                          id={buttonId('down', index)}
                          aria-label={t.moveDown(index + 1)}
                          title={t.moveDown(index + 1)}
                          icon={<Icon name="arrow-down" size={18} />}
                          disabled={index === fields.length - 1}
                          onClick={() => moveTo(index, index + 1, 'down')}
                        />
                        <Button
                          id={buttonId('remove', index)}
                          aria-label={t.remove(index + 1)}
                          title={t.remove(index + 1)}
                          icon={<Icon name="close" size={18} />}
                          onClick={() => {
                            remove(field.name);
                            setNote(t.removed(index + 1));
                            // The next milestone's remove button, else the previous one's, else Add.
                            const next = index < fields.length - 1 ? index : index - 1;
                            focusLater(next >= 0 ? buttonId('remove', next) : addId);
                          }}
                        />
                      </div>
                      <div className="pj-template-milestones__fields">
                        <Form.Item
                          name={[field.name, 'title']}
                          label={t.title}
                          className="pj-template-milestones__title"
                          validateFirst
                          rules={requiredTextRules(
                            t.titleRequired,
                            MILESTONE_TITLE_MAX,
                            t.titleTooLong(MILESTONE_TITLE_MAX),
                          )}
                        >
                          <Input placeholder={t.titlePlaceholder} count={{ show: true, max: MILESTONE_TITLE_MAX }} />
                        </Form.Item>
                        <Form.Item
                          name={[field.name, 'dayOffset']}
                          label={t.dayOffset}
                          className="pj-template-milestones__due"
                          validateFirst
                          rules={[
                            { required: true, message: t.dayOffsetRequired },
                            {
                              type: 'integer',
                              min: 0,
                              max: MILESTONE_DAY_OFFSET_MAX,
                              message: t.dayOffsetInvalid,
                            },
                          ]}
                        >
                          <InputNumber
                            min={0}
                            max={MILESTONE_DAY_OFFSET_MAX}
                            precision={0}
                            inputMode="numeric"
                            className="pj-template-milestones__days"
                          />
                        </Form.Item>
                        <Form.Item
                          name={[field.name, 'description']}
                          label={t.description}
                          className="pj-template-milestones__description"
                          rules={[
                            {
                              max: MILESTONE_DESCRIPTION_MAX,
                              message: t.descriptionTooLong(MILESTONE_DESCRIPTION_MAX),
                            },
                          ]}
                        >
                          <Input.TextArea
                            placeholder={t.descriptionPlaceholder}
                            autoSize={{ minRows: 1, maxRows: 5 }}
                          />
                        </Form.Item>
                      </div>
                    </fieldset>
                  </li>
                ))}
              </ol>
            )}
            <Form.ErrorList errors={errors} />
            <div className="pj-template-milestones__add">
              <Button
                id={addId}
                icon={<Icon name="plus" size={16} />}
                disabled={full}
                aria-describedby={full ? `${addId}-full` : undefined}
                onClick={() => {
                  add(newMilestone(form.getFieldValue('milestones') as MilestoneValues[] | undefined));
                  setNote(t.added(fields.length + 1));
                  focusLater(`${formName}_milestones_${fields.length}_title`);
                }}
              >
                {t.add}
              </Button>
              {full && (
                <p id={`${addId}-full`} className="pj-template-milestones__hint" role="status">
                  {t.full}
                </p>
              )}
            </div>
            <p className="pj-visually-hidden" aria-live="polite">
              {note}
            </p>
          </fieldset>
        );
      }}
    </Form.List>
  );
}

function newMilestone(milestones: MilestoneValues[] = []): MilestoneValues {
  const last = milestones.at(-1)?.dayOffset ?? 0;
  return { title: '', description: '', dayOffset: Math.min(last + WEEK, MILESTONE_DAY_OFFSET_MAX) };
}
