import { Checkbox, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { IdentityErrorCode } from '@projectory/contracts/values';
import { Link } from 'react-router-dom';
import { Icon } from '../../shared/ui/Icon';
import { showServerErrors } from '../../shared/lib/form-errors';
import { useSignupMutation } from './auth.api';
import { emailRules, newPasswordRules } from './auth-form';
import { authTexts } from './auth.texts';
import { AuthLayout } from './components/AuthLayout';
import { ProviderButton } from './components/ProviderButton';
import { useProviderError } from './provider-error';
import { NameFields } from './components/NameFields';
import { AuthForm } from './components/AuthForm';

const t = authTexts.signup;
const f = authTexts.fields;
const v = authTexts.validation;

type SignupRole = 'student' | 'employer';

interface SignupValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  role?: SignupRole;
  agreeTerms: boolean;
}

/** /signup: an account with e-mail and password; the role and the terms are required before anything else. */
export function SignupPage() {
  const [form] = Form.useForm<SignupValues>();
  const [signup, { isLoading }] = useSignupMutation();
  const providerError = useProviderError();
  const [alert, setAlert] = useState(providerError);
  const role = Form.useWatch('role', form);
  const agreed = Form.useWatch('agreeTerms', form) === true;
  const ready = Boolean(role) && agreed;

  const onFinish = async ({ role: chosen, ...values }: SignupValues) => {
    if (!chosen) return;
    setAlert(undefined);
    try {
      await signup({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        password: values.password,
        role: chosen,
        agreeTerms: true,
      }).unwrap();
    } catch (error) {
      setAlert(
        showServerErrors(form, error, {
          codeFields: { [IdentityErrorCode.EmailTaken]: { field: 'email', message: t.emailTaken } },
        }),
      );
    }
  };

  return (
    <AuthLayout
      documentTitle={t.documentTitle}
      title={t.title}
      lead={t.lead}
      cardTitle={t.cardTitle}
      aside={
        <>
          <h2 className="pj-auth__reasons-title">{t.whyJoin}</h2>
          <ul className="pj-auth__reasons">
            {t.reasons.map((reason) => (
              <li key={reason} className="pj-auth__reason">
                <span className="pj-auth__reason-mark">
                  <Icon name="sparkles" size={16} />
                </span>
                {reason}
              </li>
            ))}
          </ul>
        </>
      }
    >
      <AuthForm
        form={form}
        alert={alert}
        initialValues={{ firstName: '', lastName: '', email: '', password: '', agreeTerms: false }}
        onFinish={onFinish}
        submit={t.submit}
        loading={isLoading}
        disabled={!ready}
      >
        <NameFields labels={f} gutter={12} sideBySide="sm" />
        <Form.Item name="email" label={f.email} rules={emailRules}>
          <Input type="email" autoComplete="email" placeholder={f.emailPlaceholder} />
        </Form.Item>
        <Form.Item name="password" label={f.password} extra={f.passwordHint} rules={newPasswordRules}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="role" label={t.role} rules={[{ required: true, message: v.roleRequired }]}>
          <Select<SignupRole> placeholder={t.rolePlaceholder} options={[...t.roles]} />
        </Form.Item>
        <Form.Item
          name="agreeTerms"
          valuePropName="checked"
          rules={[
            { validator: (_rule, value) => (value ? Promise.resolve() : Promise.reject(new Error(v.termsRequired))) },
          ]}
        >
          <Checkbox>
            {t.agreeBefore}
            <LegalLink to="/terms" label={authTexts.legal.terms} />
            {t.agreeBetween}
            <LegalLink to="/privacy" label={authTexts.legal.privacy} />
          </Checkbox>
        </Form.Item>
      </AuthForm>
      <ProviderButton href={`/api/login?signup=true&role=${role ?? ''}`} disabled={!ready} />
      <p className="pj-auth__switch">
        {t.haveAccount} <Link to="/login">{t.signIn}</Link>
      </p>
    </AuthLayout>
  );
}

/** Opens in a new tab, so that reading the terms does not lose what was typed. */
function LegalLink({ to, label }: { to: string; label: string }) {
  return (
    <a href={to} target="_blank" rel="noopener">
      {label}
    </a>
  );
}
