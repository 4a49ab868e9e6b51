import { DatePicker, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { MILESTONE_DESCRIPTION_MAX, MILESTONE_TITLE_MAX } from '@projectory/contracts/values';
import { TextAreaItem } from '../../../shared/ui/TextAreaItem';
import { beforeToday } from '../workspace-format';
import { useCreateMilestoneMutation, useUpdateMilestoneMutation, type Milestone } from '../workspace.api';
import { workspaceTexts } from '../workspace.texts';
import { FormDialog, useFormDialog } from './FormDialog';

const t = workspaceTexts.milestoneDialog;

interface Values {
  title: string;
  description: string;
  dueDate: Dayjs | null;
}

export interface MilestoneDialogProps {
  matchId: string;
  /** The milestone to edit; a new one when absent. */
  milestone?: Milestone;
  onClose: () => void;
}

/** "Add milestone" and "Edit": a title, an optional description and an optional due date (today or later). */
export function MilestoneDialog({ matchId, milestone, onClose }: MilestoneDialogProps) {
  const { dialog, run } = useFormDialog<Values>(onClose);
  const [create] = useCreateMilestoneMutation();
  const [update] = useUpdateMilestoneMutation();

  const onFinish = (values: Values) => {
    const body = {
      title: values.title.trim(),
      description: values.description.trim(),
      dueDate: values.dueDate ? values.dueDate.format('YYYY-MM-DD') : null,
    };
    const send = milestone
      ? () => update({ matchId, milestoneId: milestone.id, body }).unwrap()
      : () => create({ matchId, body }).unwrap();
    void run(send, milestone ? t.saved : t.added);
  };

  return (
    <FormDialog
      {...dialog}
      title={milestone ? t.editTitle : t.addTitle}
      submit={milestone ? t.save : t.add}
      initialValues={{
        title: milestone?.title ?? '',
        description: milestone?.description ?? '',
        dueDate: milestone?.dueDate ? dayjs(milestone.dueDate) : null,
      }}
      onFinish={onFinish}
    >
      <TextAreaItem name="title" max={MILESTONE_TITLE_MAX} texts={t.title} single />
      <TextAreaItem name="description" max={MILESTONE_DESCRIPTION_MAX} texts={t.description} />
      <Form.Item name="dueDate" label={t.dueDate} extra={t.dueDateHint}>
        <DatePicker disabledDate={beforeToday} format="YYYY-MM-DD" className="pj-workspace-dialog__picker" />
      </Form.Item>
    </FormDialog>
  );
}
