import { Form, Input, Result } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { showServerErrors } from '../../shared/lib/form-errors';
import { useForgotPasswordMutation } from './auth.api';
import { emailRules } from './auth-form';
import { authTexts } from './auth.texts';
import { AuthLayout } from './components/AuthLayout';
import { AuthForm } from './components/AuthForm';

const t = authTexts.forgot;

interface ForgotValues {
  email: string;
}

/** /forgot-password: asks for a reset link; the answer never says whether the address has an account. */
export function ForgotPasswordPage() {
  const [form] = Form.useForm<ForgotValues>();
  const [requestLink, { isLoading, isSuccess }] = useForgotPasswordMutation();
  const [alert, setAlert] = useState<string>();

  const onFinish = async ({ email }: ForgotValues) => {
    setAlert(undefined);
    try {
      await requestLink({ email: email.trim() }).unwrap();
    } catch (error) {
      setAlert(showServerErrors(form, error));
    }
  };

  return (
    <AuthLayout documentTitle={t.documentTitle} title={t.title} lead={t.lead} cardTitle={t.cardTitle}>
      {isSuccess ? (
        <Result
          status="success"
          title={<span role="status">{t.sentTitle}</span>}
          subTitle={t.sent}
          extra={<Link to="/login">{t.backToSignIn}</Link>}
        />
      ) : (
        <>
          <AuthForm form={form} alert={alert} onFinish={onFinish} submit={t.submit} loading={isLoading}>
            <Form.Item name="email" label={authTexts.fields.email} rules={emailRules}>
              <Input type="email" autoComplete="email" placeholder={authTexts.fields.emailPlaceholder} size="large" />
            </Form.Item>
          </AuthForm>
          <p className="pj-auth__switch">
            <Link to="/login">{t.backToSignIn}</Link>
          </p>
        </>
      )}
    </AuthLayout>
  );
}
