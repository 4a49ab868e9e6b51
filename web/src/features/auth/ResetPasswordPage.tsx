import { Form, Result } from 'antd';
import { useState } from 'react';
import { IdentityErrorCode } from '@projectory/contracts/values';
import { Link, useSearchParams } from 'react-router-dom';
import { toApiFailure } from '../../api/api-error';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { showServerErrors } from '../../shared/lib/form-errors';
import { useResetPasswordMutation } from './auth.api';
import { authTexts } from './auth.texts';
import { AuthLayout } from './components/AuthLayout';
import { NewPasswordFields } from './components/NewPasswordFields';
import { AuthForm } from './components/AuthForm';

const t = authTexts.reset;

interface ResetValues {
  password: string;
  confirmPassword: string;
}

/** /reset-password?token=…: the link from the e-mail; a new password twice. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [form] = Form.useForm<ResetValues>();
  const [resetPassword, { isLoading, isSuccess }] = useResetPasswordMutation();
  const [invalidLink, setInvalidLink] = useState(token.length === 0);
  const [alert, setAlert] = useState<string>();

  const onFinish = async ({ password }: ResetValues) => {
    setAlert(undefined);
    try {
      await resetPassword({ token, password }).unwrap();
    } catch (error) {
      if (toApiFailure(error).code === IdentityErrorCode.ResetTokenInvalid) setInvalidLink(true);
      else setAlert(showServerErrors(form, error));
    }
  };

  return (
    <AuthLayout documentTitle={t.documentTitle} title={t.title} lead={t.lead} cardTitle={t.cardTitle}>
      {isSuccess ? (
        <Result
          status="success"
          title={<span role="status">{t.doneTitle}</span>}
          subTitle={t.done}
          extra={
            <ButtonLink type="primary" to="/login">
              {t.signIn}
            </ButtonLink>
          }
        />
      ) : invalidLink ? (
        <Result
          status="warning"
          title={<span role="alert">{t.invalidTitle}</span>}
          subTitle={t.invalid}
          extra={<Link to="/forgot-password">{t.requestNew}</Link>}
        />
      ) : (
        <AuthForm form={form} alert={alert} onFinish={onFinish} submit={t.submit} loading={isLoading}>
          <NewPasswordFields name="password" size="large" />
        </AuthForm>
      )}
    </AuthLayout>
  );
}
