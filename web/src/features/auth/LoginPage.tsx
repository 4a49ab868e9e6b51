import { Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { IdentityErrorCode } from '@projectory/contracts/values';
import { Link } from 'react-router-dom';
import { showServerErrors } from '../../shared/lib/form-errors';
import { useLoginMutation } from './auth.api';
import { emailRules } from './auth-form';
import { authTexts } from './auth.texts';
import { AuthLayout } from './components/AuthLayout';
import { ProviderButton } from './components/ProviderButton';
import { useProviderError } from './provider-error';
import { AuthForm } from './components/AuthForm';

const t = authTexts.login;

interface LoginValues {
  email: string;
  password: string;
  rememberMe: boolean;
}

/** /login: e-mail and password; GuestOnly takes the user on to `next` once signed in. */
export function LoginPage() {
  const [form] = Form.useForm<LoginValues>();
  const [login, { isLoading }] = useLoginMutation();
  const providerError = useProviderError();
  const [alert, setAlert] = useState(providerError);

  const onFinish = async (values: LoginValues) => {
    setAlert(undefined);
    try {
      await login({ email: values.email.trim(), password: values.password, rememberMe: values.rememberMe }).unwrap();
    } catch (error) {
      setAlert(
        showServerErrors(form, error, {
          codeMessages: { [IdentityErrorCode.InvalidCredentials]: t.invalidCredentials },
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
        <ul className="pj-auth__stats" aria-label={t.statsLabel}>
          {t.stats.map((stat) => (
            <li key={stat.label} className="pj-auth__stat">
              <span className="pj-auth__stat-value">{stat.value}</span>
              <span className="pj-auth__stat-label">{stat.label}</span>
            </li>
          ))}
        </ul>
      }
    >
      <AuthForm
        form={form}
        alert={alert}
        initialValues={{ email: '', password: '', rememberMe: false }}
        onFinish={onFinish}
        submit={t.submit}
        loading={isLoading}
      >
        <Form.Item name="email" label={authTexts.fields.email} rules={emailRules}>
          <Input type="email" autoComplete="email" placeholder={authTexts.fields.emailPlaceholder} size="large" />
        </Form.Item>
        <Form.Item
          name="password"
          label={authTexts.fields.password}
          rules={[{ required: true, message: authTexts.validation.passwordRequired }]}
        >
          <Input.Password autoComplete="current-password" size="large" />
        </Form.Item>
        <div className="pj-auth__row">
          <Form.Item name="rememberMe" valuePropName="checked" noStyle>
            <Checkbox>{t.rememberMe}</Checkbox>
          </Form.Item>
          <Link to="/forgot-password">{t.forgotPassword}</Link>
        </div>
      </AuthForm>
      <ProviderButton href="/api/login" />
      <p className="pj-auth__switch">
        {t.noAccount} <Link to="/signup">{t.signUp}</Link>
      </p>
    </AuthLayout>
  );
}
