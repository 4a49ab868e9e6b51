import { Button, Form, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { FormAlert } from '../../../shared/ui/FormAlert';

export interface AuthFormProps<T> {
  form: FormInstance<T>;
  /** What went wrong with the last try, above the form. */
  alert: string | undefined;
  initialValues?: Partial<T>;
  onFinish: (values: T) => Promise<void>;
  /** The wide submit button's label, and its state. */
  submit: string;
  loading: boolean;
  disabled?: boolean;
  children: ReactNode;
}

/** The form of a public account page (sign in, sign up, the password pages): its alert, fields and wide submit button. */
export function AuthForm<T extends object>({
  form,
  alert,
  initialValues,
  onFinish,
  submit,
  loading,
  disabled,
  children,
}: AuthFormProps<T>) {
  return (
    <>
      <FormAlert message={alert} />
      <Form<T>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initialValues}
        onFinish={(values) => void onFinish(values)}
      >
        {children}
        <Button type="primary" htmlType="submit" block size="large" loading={loading} disabled={disabled}>
          {submit}
        </Button>
      </Form>
    </>
  );
}
