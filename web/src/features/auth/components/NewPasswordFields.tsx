import { Form, Input } from 'antd';
import { newPasswordRules, sameAsRule } from '../auth-form';
import { authTexts } from '../auth.texts';

export interface NewPasswordFieldsProps {
  /** The form's field of the new password; its confirmation is `confirmPassword`. */
  name: string;
  size?: 'large';
}

/** A new password (with its rules and hint) and the same again, as the reset page and the settings ask for it. */
export function NewPasswordFields({ name, size }: NewPasswordFieldsProps) {
  return (
    <>
      <Form.Item
        name={name}
        label={authTexts.fields.newPassword}
        extra={authTexts.fields.passwordHint}
        rules={newPasswordRules}
      >
        <Input.Password autoComplete="new-password" size={size} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={authTexts.fields.confirmPassword}
        dependencies={[name]}
        rules={[{ required: true, message: authTexts.validation.passwordRequired }, sameAsRule(name)]}
      >
        <Input.Password autoComplete="new-password" size={size} />
      </Form.Item>
    </>
  );
}
