import { Button, type ButtonProps, type FormInstance } from 'antd';
import type { ReactNode } from 'react';

export interface FormDialogFooterOptions extends Omit<ButtonProps, 'form' | 'onClick' | 'type' | 'children'> {
  /** The cancel button's label and what it does (closes the dialog). */
  cancel: string;
  onCancel: () => void;
  /** The form the primary button submits, and its label. */
  form: FormInstance;
  submit: ReactNode;
}

/** A form dialog's footer (antd `Modal`'s `footer`): Cancel, then the primary button that submits its form. */
export function formDialogFooter({ cancel, onCancel, form, submit, ...submitProps }: FormDialogFooterOptions) {
  return [
    <Button key="cancel" onClick={onCancel}>
      {cancel}
    </Button>,
    <Button key="submit" type="primary" onClick={() => form.submit()} {...submitProps}>
      {submit}
    </Button>,
  ];
}
