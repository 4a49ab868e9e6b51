import { Alert } from 'antd';

export interface FormAlertProps {
  message: string | undefined;
}

/** A failed submit that belongs to no single field; announced to screen readers. */
export function FormAlert({ message }: FormAlertProps) {
  if (!message) return null;
  return <Alert type="error" showIcon title={message} role="alert" className="pj-form-alert" />;
}
