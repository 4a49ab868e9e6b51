import { App, Form, Modal, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { showServerErrors } from '../../../shared/lib/form-errors';
import { FormAlert } from '../../../shared/ui/FormAlert';
import { formDialogFooter } from '../../../shared/ui/form-dialog-footer';
import { workspaceTexts } from '../workspace.texts';

/** What every workspace dialog hands its FormDialog: the form, how it closes, its failure and whether it is sending. */
export interface DialogState<Values> {
  form: FormInstance<Values>;
  onClose: () => void;
  alert: string | undefined;
  busy: boolean;
}

/**
 * A dialog's form and its sending: on success a toast and the dialog closes; on failure the API's
 * issues go onto their fields and the rest (a 409's message: the workspace is closed, the milestone was
 * approved meanwhile, the session overlaps another) above the form.
 */
export function useFormDialog<Values>(onClose: () => void) {
  const [form] = Form.useForm<Values>();
  const [alert, setAlert] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { message } = App.useApp();
  const run = async (send: () => Promise<unknown>, success: string) => {
    setAlert(undefined);
    setBusy(true);
    try {
      await send();
      void message.success(success);
      onClose();
    } catch (error) {
      setAlert(showServerErrors(form, error));
    } finally {
      setBusy(false);
    }
  };
  const dialog: DialogState<Values> = { form, onClose, alert, busy };
  return { form, dialog, run };
}

export interface FormDialogProps<Values> extends DialogState<Values> {
  title: string;
  submit: string;
  /** Every field's first value. */
  initialValues: Values;
  onFinish: (values: Values) => void;
  /** The submit button is off (e.g. a file still uploading). */
  blocked?: boolean;
  children: ReactNode;
}

/** A workspace dialog: its form with labelled fields, the failure above them, Cancel and the submit button. */
export function FormDialog<Values>(props: FormDialogProps<Values>) {
  const { title, form, submit, initialValues, onClose, onFinish, alert, busy, blocked = false, children } = props;
  const footer = formDialogFooter({
    cancel: workspaceTexts.cancel,
    onCancel: onClose,
    form,
    submit,
    loading: busy,
    disabled: blocked,
  });
  return (
    <Modal open title={title} onCancel={onClose} maskClosable={false} footer={footer}>
      <FormAlert message={alert} />
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initialValues as object}
        onFinish={onFinish}
      >
        {children}
      </Form>
    </Modal>
  );
}
