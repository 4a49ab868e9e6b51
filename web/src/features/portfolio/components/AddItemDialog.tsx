import { App, Form, Modal } from 'antd';
import { useId } from 'react';
import { toApiFailure } from '../../../api/api-error';
import { showServerErrors } from '../../../shared/lib/form-errors';
import { useAddPortfolioItemMutation } from '../portfolio.api';
import { portfolioTexts, titleFromFileName } from '../portfolio.texts';
import { useTusUpload } from '../../../shared/lib/use-tus-upload';
import { FileDropzone } from './FileDropzone';
import { ItemFields, type ItemFieldValues } from './ItemFields';
import { formDialogFooter } from '../../../shared/ui/form-dialog-footer';

const t = portfolioTexts.dialog;

export interface AddItemDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * 'Add Portfolio Item' (prototype spec §2): one file, uploaded resumably while the rest is filled in;
 * the submit button waits for the upload to complete. The server records the file's name, type, size
 * and checksum from the upload (PRODUCT.md), so only its id is sent.
 */
export function AddItemDialog({ open, onClose }: AddItemDialogProps) {
  const [form] = Form.useForm<ItemFieldValues>();
  const upload = useTusUpload('portfolio');
  const [addItem, { isLoading }] = useAddPortfolioItemMutation();
  const { notification } = App.useApp();
  const fileLabelId = useId();
  const uploadId = upload.state.phase === 'complete' ? upload.state.uploadId : undefined;

  const close = () => {
    // An unfinished upload is paused, not deleted: choosing the same file again carries on.
    upload.reset();
    form.resetFields();
    onClose();
  };

  const onChosen = (file: File) => {
    if (!form.isFieldTouched('title') || !form.getFieldValue('title')) {
      form.setFieldValue('title', titleFromFileName(file.name));
    }
  };

  const submit = async (values: ItemFieldValues) => {
    if (!uploadId) return;
    try {
      await addItem({
        ...values,
        title: values.title.trim(),
        description: values.description.trim(),
        uploadId,
      }).unwrap();
      notification.success({ title: portfolioTexts.toast.added, description: portfolioTexts.toast.addedBody });
      form.resetFields();
      upload.reset();
      onClose();
    } catch (error) {
      const leftover = showServerErrors(form, error);
      if (leftover === undefined) return;
      const failure = toApiFailure(error);
      notification.error({
        title: portfolioTexts.toast.failed,
        description: failure.code === 'UNKNOWN_ERROR' ? portfolioTexts.toast.failedBody : leftover,
      });
    }
  };

  return (
    <Modal
      open={open}
      title={t.title}
      onCancel={close}
      destroyOnHidden
      footer={formDialogFooter({
        cancel: t.cancel,
        onCancel: close,
        form,
        submit: isLoading ? t.submitting : t.submit,
        disabled: !uploadId || isLoading,
        loading: isLoading,
        'aria-describedby': uploadId ? undefined : `${fileLabelId}-needs`,
      })}
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
        <div className="pj-portfolio-dialog__file">
          <span id={fileLabelId} className="pj-portfolio-dialog__label">
            {t.file}
          </span>
          <FileDropzone upload={upload} labelId={fileLabelId} onChosen={onChosen} />
          {!uploadId && (
            <p id={`${fileLabelId}-needs`} className="pj-portfolio-dialog__needs">
              {t.needsFile}
            </p>
          )}
        </div>
        <ItemFields />
      </Form>
    </Modal>
  );
}
