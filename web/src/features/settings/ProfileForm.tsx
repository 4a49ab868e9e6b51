import { App, Button, Col, Form, Input, Row } from 'antd';
import { useState } from 'react';
import { PROFILE_TEXT_MAX } from '@projectory/contracts/values';
import { FormAlert } from '../../components/FormAlert';
import { showServerErrors } from '../../components/form-errors';
import type { User } from '../auth/auth.api';
import { nameRules } from '../auth/auth-form';
import { authTexts } from '../auth/auth.texts';
import { useUpdateProfileMutation } from './settings.api';
import { settingsTexts } from './settings.texts';

const t = settingsTexts.profile;

interface ProfileValues {
  firstName: string;
  lastName: string;
  headline: string;
  bio: string;
  location: string;
  company: string;
  profileImageUrl: string;
}

const maxRule = (label: string, max: number) => ({ max, message: t.tooLong(label, max) });

function valuesOf(user: User): ProfileValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    headline: user.headline ?? '',
    bio: user.bio ?? '',
    location: user.location ?? '',
    company: user.company ?? '',
    profileImageUrl: user.profileImageUrl ?? '',
  };
}

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
    const trimmed = Object.fromEntries(
      Object.entries(values).map(([key, value]) => [key, value.trim()]),
    ) as unknown as ProfileValues;
    try {
      const saved = await updateProfile(trimmed).unwrap();
      form.setFieldsValue(valuesOf(saved));
      void message.success(t.saved);
    } catch (error) {
      setAlert(showServerErrors(form, error));
    }
  };

  return (
    <section aria-labelledby="settings-profile-heading">
      <h2 id="settings-profile-heading" className="pj-settings__heading">
        {t.heading}
      </h2>
      <p className="pj-settings__intro">{t.intro}</p>
      <FormAlert message={alert} />
      <Form<ProfileValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={valuesOf(user)}
        onFinish={(values) => void onFinish(values)}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="firstName"
              label={t.firstName}
              rules={nameRules('First name', authTexts.validation.firstNameRequired)}
            >
              <Input autoComplete="given-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="lastName"
              label={t.lastName}
              rules={nameRules('Last name', authTexts.validation.lastNameRequired)}
            >
              <Input autoComplete="family-name" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={t.email} extra={t.emailHint} htmlFor="settings-email">
          <Input id="settings-email" value={user.email} readOnly variant="filled" autoComplete="email" />
        </Form.Item>
        <Form.Item name="headline" label={t.headline} rules={[maxRule(t.headline, PROFILE_TEXT_MAX.headline)]}>
          <Input placeholder={t.headlinePlaceholder} />
        </Form.Item>
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
            <Form.Item name="location" label={t.location} rules={[maxRule(t.location, PROFILE_TEXT_MAX.location)]}>
              <Input placeholder={t.locationPlaceholder} autoComplete="address-level2" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="company" label={t.company} rules={[maxRule(t.company, PROFILE_TEXT_MAX.company)]}>
              <Input placeholder={t.companyPlaceholder} autoComplete="organization" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="profileImageUrl"
          label={t.profileImageUrl}
          extra={t.profileImageUrlHint}
          rules={[
            { type: 'url', message: t.profileImageUrlInvalid },
            { pattern: /^(https?:\/\/|$)/i, message: t.profileImageUrlInvalid },
          ]}
        >
          <Input type="url" inputMode="url" placeholder="https://" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          {t.save}
        </Button>
      </Form>
    </section>
  );
}
