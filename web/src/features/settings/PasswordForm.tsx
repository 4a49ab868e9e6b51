import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { IdentityErrorCode } from '@projectory/contracts/values';
import { socket } from '../../api/socket';
import { FormAlert } from '../../shared/ui/FormAlert';
import { showServerErrors } from '../../shared/lib/form-errors';
import { useAppDispatch } from '../../app/hooks';
import { setCurrentUser } from '../../shared/session';
import { NewPasswordFields } from '../auth';
import { useChangePasswordMutation } from './settings.api';
import { settingsTexts } from './settings.texts';

const t = settingsTexts.password;

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export interface PasswordFormProps {
  /** For password managers, which file the new password under this account. */
  email: string;
}

/** POST /api/users/me/password: every other session ends; this browser gets a new one. */
export function PasswordForm({ email }: PasswordFormProps) {
  const [form] = Form.useForm<PasswordValues>();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const [alert, setAlert] = useState<string>();
  const dispatch = useAppDispatch();
  const { message } = App.useApp();

  const onFinish = async ({ currentPassword, newPassword }: PasswordValues) => {
    setAlert(undefined);
    try {
      const { user } = await changePassword({ currentPassword, newPassword }).unwrap();
      dispatch(setCurrentUser(user));
      // The server closed the sockets of the revoked session; this one reconnects with the new cookie.
      socket.disconnect().connect();
      form.resetFields();
      void message.success(t.changed);
    } catch (error) {
      setAlert(
        showServerErrors(form, error, {
          codeFields: { [IdentityErrorCode.InvalidCredentials]: { field: 'currentPassword', message: t.currentWrong } },
        }),
      );
    }
  };

  return (
    <section aria-labelledby="settings-password-heading">
      <h2 id="settings-password-heading" className="pj-settings__heading">
        {t.heading}
      </h2>
      <p className="pj-settings__intro">{t.intro}</p>
      <FormAlert message={alert} />
      <Form<PasswordValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void onFinish(values)}
        className="pj-settings__narrow"
      >
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <Form.Item name="currentPassword" label={t.current} rules={[{ required: true, message: t.currentRequired }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields name="newPassword" />
        <Button type="primary" htmlType="submit" loading={isLoading}>
          {t.submit}
        </Button>
      </Form>
    </section>
  );
}
