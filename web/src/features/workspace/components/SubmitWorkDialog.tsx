import { Button, Form, Input } from 'antd';
import { SUBMISSION_LINKS_MAX, SUBMISSION_LINK_MAX, SUBMISSION_NOTE_MAX } from '@projectory/contracts/values';
import { useTusUpload } from '../../../shared/lib/use-tus-upload';
import { Icon } from '../../../shared/ui/Icon';
import { useSubmitWorkMutation, type Milestone } from '../workspace.api';
import { workspaceTexts } from '../workspace.texts';
import { FileField } from './FileField';
import { TextAreaItem } from '../../../shared/ui/TextAreaItem';
import { FormDialog, useFormDialog } from './FormDialog';

const t = workspaceTexts.submitDialog;

interface Values {
  note: string;
  links: string[];
}

/** An http(s) address, as the API accepts it. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export interface SubmitWorkDialogProps {
  matchId: string;
  milestone: Milestone;
  onClose: () => void;
}

/**
 * "Submit work" (the student): a note, up to 5 links and one optional file, sent ahead through the
 * resumable upload (purpose `attachment`) with its progress; the submit waits for the upload.
 */
export function SubmitWorkDialog({ matchId, milestone, onClose }: SubmitWorkDialogProps) {
  const upload = useTusUpload('attachment');
  const [submitWork] = useSubmitWorkMutation();
  const close = () => {
    // An unfinished upload is paused, not deleted: choosing the same file again carries on.
    upload.reset();
    onClose();
  };
  const { dialog, run } = useFormDialog<Values>(close);
  const { state } = upload;
  const blocked = state.phase === 'uploading' || state.phase === 'paused' || state.phase === 'failed';

  const onFinish = (values: Values) => {
    if (blocked) return;
    const body = {
      note: values.note.trim(),
      links: values.links.map((link) => link.trim()).filter(Boolean),
      ...(state.phase === 'complete' ? { uploadId: state.uploadId } : {}),
    };
    void run(() => submitWork({ matchId, milestoneId: milestone.id, body }).unwrap(), t.submitted);
  };

  return (
    <FormDialog
      {...dialog}
      title={t.title(milestone.title)}
      submit={t.submit}
      initialValues={{ note: '', links: [] }}
      onFinish={onFinish}
      blocked={blocked}
    >
      <TextAreaItem name="note" max={SUBMISSION_NOTE_MAX} texts={t.note} />
      <fieldset className="pj-workspace-dialog__group">
        <legend className="pj-workspace-dialog__legend">{t.links}</legend>
        <Form.List name="links">
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field, index) => (
                <div key={field.key} className="pj-workspace-dialog__link">
                  <Form.Item
                    name={field.name}
                    label={t.linkLabel(index + 1)}
                    validateTrigger="onBlur"
                    rules={[
                      { required: true, whitespace: true, message: t.linkInvalid },
                      { max: SUBMISSION_LINK_MAX, message: t.linkInvalid },
                      {
                        validator: (_rule, value: string) =>
                          isWebAddress(value ?? '') ? Promise.resolve() : Promise.reject(new Error(t.linkInvalid)),
                      },
                    ]}
                  >
                    <Input type="url" inputMode="url" placeholder={t.linkPlaceholder} />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<Icon name="close" size={16} />}
                    onClick={() => remove(field.name)}
                    aria-label={t.removeLink(index + 1)}
                    className="pj-workspace-dialog__remove"
                  />
                </div>
              ))}
              <Form.ErrorList errors={errors} />
              {fields.length < SUBMISSION_LINKS_MAX && (
                <Button icon={<Icon name="plus" size={16} />} onClick={() => add('')}>
                  {t.addLink}
                </Button>
              )}
            </>
          )}
        </Form.List>
      </fieldset>
      <FileField upload={upload} />
      {blocked && state.phase !== 'failed' && <p className="pj-workspace-dialog__hint">{t.waitForUpload}</p>}
    </FormDialog>
  );
}
