import { Alert, App, Form, Modal } from 'antd';
import { useState } from 'react';
import { FormAlert } from '../../../shared/ui/FormAlert';
import { showServerErrors } from '../../../shared/lib/form-errors';
import { useUpdatePortfolioItemMutation, type PortfolioItem } from '../portfolio.api';
import { portfolioTexts } from '../portfolio.texts';
import { ItemFields, type ItemFieldValues } from './ItemFields';
import { formDialogFooter } from '../../../shared/ui/form-dialog-footer';

const t = portfolioTexts.edit;

export interface EditItemDialogProps {
  /** The item being edited; none: the dialog is closed. */
  item: PortfolioItem | null;
  onClose: () => void;
}

/** Edit an item's skill, title and description (PATCH /api/portfolios/:id); the file stays. */
export function EditItemDialog({ item, onClose }: EditItemDialogProps) {
  const [form] = Form.useForm<ItemFieldValues>();
  const [update, { isLoading }] = useUpdatePortfolioItemMutation();
  const [formError, setFormError] = useState<string>();
  const { message } = App.useApp();

  const close = () => {
    setFormError(undefined);
    onClose();
  };

  const submit = async (values: ItemFieldValues) => {
    if (!item) return;
    setFormError(undefined);
    const changes = {
      userSkillId: values.userSkillId,
      title: values.title.trim(),
      description: values.description.trim(),
    };
    try {
      await update({ id: item.id, changes }).unwrap();
      void message.success(t.saved);
      close();
    } catch (error) {
      setFormError(showServerErrors(form, error));
    }
  };

  return (
    <Modal
      open={item !== null}
      title={t.title}
      onCancel={close}
      destroyOnHidden
      footer={formDialogFooter({
        cancel: portfolioTexts.dialog.cancel,
        onCancel: close,
        form,
        submit: isLoading ? t.saving : t.save,
        loading: isLoading,
      })}
    >
      {item && (
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ userSkillId: item.userSkillId, title: item.title, description: item.description }}
          onFinish={(values) => void submit(values)}
        >
          {item.verificationStatus === 'verified' && (
            <Alert type="info" showIcon className="pj-portfolio-dialog__note" title={t.verifiedNote} />
          )}
          <FormAlert message={formError} />
          <ItemFields />
        </Form>
      )}
    </Modal>
  );
}
