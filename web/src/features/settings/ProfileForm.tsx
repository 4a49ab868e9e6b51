import { App, Button, Col, Form, Input, InputNumber, Row } from 'antd';
import { useState } from 'react';
import type { ProfileLink } from '@projectory/contracts';
import {
  GRADUATION_YEAR_MAX,
  GRADUATION_YEAR_MIN,
  PROFILE_LINK_LABEL_MAX,
  PROFILE_LINK_URL_MAX,
  PROFILE_LINKS_MAX,
  PROFILE_TEXT_MAX,
} from '@projectory/contracts/values';
import { toApiFailure } from '../../api/api-error';
import { FormAlert } from '../../shared/ui/FormAlert';
import { showServerErrors } from '../../shared/lib/form-errors';
import type { User } from '../../shared/session';
import { NameFields } from '../auth';
import { AvatarField } from './AvatarField';
import { useUpdateProfileMutation } from './settings.api';
import { settingsTexts } from './settings.texts';
import { requiredTextRules } from '../../shared/lib/form-rules';

const t = settingsTexts.profile;

interface ProfileValues {
  firstName: string;
  lastName: string;
  headline: string;
  bio: string;
  location: string;
  company: string;
  school: string;
  major: string;
  graduationYear: number | null;
  links: ProfileLink[];
}

const TEXT_FIELDS = ['firstName', 'lastName', 'headline', 'bio', 'location', 'company', 'school', 'major'] as const;

const maxRule = (label: string, max: number) => ({ max, message: t.tooLong(label, max) });

type TextField = 'headline' | 'location' | 'company' | 'school' | 'major';

/** A one-line text of the profile: its label, placeholder and length limit. */
function ProfileTextField({ name, autoComplete }: { name: TextField; autoComplete?: string }) {
  return (
    <Form.Item name={name} label={t[name]} rules={[maxRule(t[name], PROFILE_TEXT_MAX[name])]}>
      <Input placeholder={t[`${name}Placeholder`]} autoComplete={autoComplete} />
    </Form.Item>
  );
}

function valuesOf(user: User): ProfileValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    headline: user.headline ?? '',
    bio: user.bio ?? '',
    location: user.location ?? '',
    company: user.company ?? '',
    school: user.school ?? '',
    major: user.major ?? '',
    graduationYear: user.graduationYear,
    links: user.links,
  };
}

/** The PATCH body: texts trimmed (empty clears), links trimmed. The photo has its own control. */
function bodyOf(values: ProfileValues) {
  const texts = Object.fromEntries(TEXT_FIELDS.map((key) => [key, (values[key] ?? '').trim()]));
  return {
    ...texts,
    graduationYear: values.graduationYear ?? null,
    links: (values.links ?? []).map((link) => ({ label: link.label.trim(), url: link.url.trim() })),
  };
}

/** Moves the focus into a link row after it was added (antd's ids: `<list>_<index>_<field>`). */
const focusLater = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

export interface ProfileFormProps {
  user: User;
}

/** PATCH /api/users/me; empty optional fields clear the value (the server stores null). */
export function ProfileForm({ user }: ProfileFormProps) {
  const [form] = Form.useForm<ProfileValues>();
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const [alert, setAlert] = useState<string>();
  const { message } = App.useApp();

  const onFinish = async (values: ProfileValues) => {
    setAlert(undefined);
    try {
      const saved = await updateProfile(bodyOf(values)).unwrap();
      form.setFieldsValue(valuesOf(saved));
      void message.success(t.saved);
    } catch (error) {
      setAlert(showServerErrors(form, withLinkIssuesShown(form, error)));
    }
  };

  return (
    <section aria-labelledby="settings-profile-heading">
      <h2 id="settings-profile-heading" className="pj-settings__heading">
        {t.heading}
      </h2>
      <p className="pj-settings__intro">{t.intro}</p>
      <AvatarField user={user} />
      <FormAlert message={alert} />
      <Form<ProfileValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={valuesOf(user)}
        onFinish={(values) => void onFinish(values)}
      >
        <NameFields labels={t} gutter={16} sideBySide="md" />
        <Form.Item label={t.email} extra={t.emailHint} htmlFor="settings-email">
          <Input id="settings-email" value={user.email} readOnly variant="filled" autoComplete="email" />
        </Form.Item>
        <ProfileTextField name="headline" />
        <Form.Item name="bio" label={t.bio} rules={[maxRule(t.bio, PROFILE_TEXT_MAX.bio)]}>
          <Input.TextArea
            placeholder={t.bioPlaceholder}
            autoSize={{ minRows: 3, maxRows: 8 }}
            maxLength={PROFILE_TEXT_MAX.bio}
            showCount
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <ProfileTextField name="location" autoComplete="address-level2" />
          </Col>
          <Col xs={24} md={12}>
            <ProfileTextField name="company" autoComplete="organization" />
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={9}>
            <ProfileTextField name="school" autoComplete="organization" />
          </Col>
          <Col xs={24} md={9}>
            <ProfileTextField name="major" />
          </Col>
          <Col xs={24} md={6}>
            <Form.Item
              name="graduationYear"
              label={t.graduationYear}
              rules={[
                {
                  type: 'integer',
                  min: GRADUATION_YEAR_MIN,
                  max: GRADUATION_YEAR_MAX,
                  message: t.graduationYearInvalid,
                },
              ]}
            >
              <InputNumber
                placeholder={t.graduationYearPlaceholder}
                controls={false}
                inputMode="numeric"
                className="pj-settings__year"
              />
            </Form.Item>
          </Col>
        </Row>
        <LinksField />
        <Button type="primary" htmlType="submit" loading={isLoading}>
          {t.save}
        </Button>
      </Form>
    </section>
  );
}

/**
 * The server names a link's field as `links.<index>.<label|url>`: shown on that input; the rest of the
 * failure goes on to showServerErrors.
 */
function withLinkIssuesShown(form: ReturnType<typeof Form.useForm<ProfileValues>>[0], error: unknown): unknown {
  const issues = toApiFailure(error).issues;
  const onLinks = issues.filter((issue) => /^links\.\d+\.(label|url)$/.test(issue.path));
  if (onLinks.length === 0) return error;
  form.setFields(
    onLinks.map((issue) => {
      const [, index, field] = issue.path.split('.');
      return { name: ['links', Number(index), field!] as never, errors: [issue.message] };
    }),
  );
  const data = (error as { data?: object }).data;
  return { ...(error as object), data: { ...data, issues: issues.filter((issue) => !onLinks.includes(issue)) } };
}

/** Up to PROFILE_LINKS_MAX links, each a label and an http(s) address; added and removed by keyboard too. */
function LinksField() {
  return (
    <Form.List name="links">
      {(fields, { add, remove }) => (
        <fieldset className="pj-settings__links">
          <legend className="pj-settings__legend">{t.links}</legend>
          <p className="pj-settings__hint">{t.linksHint}</p>
          {fields.map((field, index) => (
            <div key={field.key} className="pj-settings__link-row">
              <Form.Item
                name={[field.name, 'label']}
                label={t.linkLabel(index + 1)}
                className="pj-settings__link-label"
                rules={requiredTextRules(t.linkLabelRequired, PROFILE_LINK_LABEL_MAX, t.linkLabelTooLong)}
              >
                <Input placeholder={t.linkLabelPlaceholder} />
              </Form.Item>
              <Form.Item
                name={[field.name, 'url']}
                label={t.linkUrl(index + 1)}
                className="pj-settings__link-url"
                rules={[
                  { required: true, whitespace: true, message: t.linkUrlRequired },
                  { pattern: /^\s*https?:\/\/\S+\s*$/i, message: t.linkUrlInvalid },
                  { max: PROFILE_LINK_URL_MAX, message: t.linkUrlTooLong },
                ]}
              >
                <Input type="url" inputMode="url" placeholder="https://" />
              </Form.Item>
              <Button
                className="pj-settings__link-remove"
                aria-label={t.removeLink(index + 1)}
                onClick={() => {
                  remove(field.name);
                  focusLater('settings-add-link');
                }}
              >
                ×
              </Button>
            </div>
          ))}
          <Button
            id="settings-add-link"
            onClick={() => {
              add({ label: '', url: '' });
              focusLater(`links_${fields.length}_label`);
            }}
            disabled={fields.length >= PROFILE_LINKS_MAX}
          >
            {t.addLink}
          </Button>
          {fields.length >= PROFILE_LINKS_MAX && (
            <p className="pj-settings__hint" role="status">
              {t.linksFull}
            </p>
          )}
        </fieldset>
      )}
    </Form.List>
  );
}
