import { DatePicker, Form, InputNumber } from 'antd';
import type { Dayjs } from 'dayjs';
import {
  SESSION_AGENDA_MAX,
  SESSION_DURATION_MAX,
  SESSION_DURATION_MIN,
  SESSION_TITLE_MAX,
} from '@projectory/contracts/values';
import { useScheduleSessionMutation } from '../workspace.api';
import { workspaceTexts } from '../workspace.texts';
import { TextAreaItem } from '../../../shared/ui/TextAreaItem';
import { beforeToday } from '../workspace-format';
import { FormDialog, useFormDialog } from './FormDialog';

const t = workspaceTexts.sessionDialog;
const DEFAULT_DURATION = 60;

interface Values {
  title: string;
  startsAt: Dayjs | null;
  durationMinutes: number;
  agenda: string;
}

/** "Schedule a session" (either participant): a title, when, how long (15–240 minutes) and an agenda. */
export function SessionDialog({ matchId, onClose }: { matchId: string; onClose: () => void }) {
  const { dialog, run } = useFormDialog<Values>(onClose);
  const [schedule] = useScheduleSessionMutation();

  const onFinish = (values: Values) => {
    const body = {
      title: values.title.trim(),
      startsAt: values.startsAt!.second(0).millisecond(0).toISOString(),
      durationMinutes: values.durationMinutes,
      agenda: values.agenda.trim(),
    };
    void run(() => schedule({ matchId, body }).unwrap(), t.scheduled);
  };

  return (
    <FormDialog
      {...dialog}
      title={t.title}
      submit={t.submit}
      initialValues={{ title: '', startsAt: null, durationMinutes: DEFAULT_DURATION, agenda: '' }}
      onFinish={onFinish}
    >
      <TextAreaItem name="title" max={SESSION_TITLE_MAX} texts={t.name} single />
      <div className="pj-workspace-dialog__row">
        <Form.Item
          name="startsAt"
          label={t.startsAt}
          rules={[
            { required: true, message: t.startsAtRequired },
            {
              validator: (_rule, value: Dayjs | null) =>
                !value || value.valueOf() > Date.now() ? Promise.resolve() : Promise.reject(new Error(t.startsAtPast)),
            },
          ]}
        >
          <DatePicker
            showTime={{ format: 'HH:mm', minuteStep: 5 }}
            format="YYYY-MM-DD HH:mm"
            disabledDate={beforeToday}
            className="pj-workspace-dialog__picker"
          />
        </Form.Item>
        <Form.Item
          name="durationMinutes"
          label={t.duration}
          extra={t.durationRange}
          rules={[
            {
              required: true,
              type: 'integer',
              min: SESSION_DURATION_MIN,
              max: SESSION_DURATION_MAX,
              message: t.durationRange,
            },
          ]}
        >
          <InputNumber
            min={SESSION_DURATION_MIN}
            max={SESSION_DURATION_MAX}
            step={15}
            precision={0}
            className="pj-workspace-dialog__picker"
          />
        </Form.Item>
      </div>
      <TextAreaItem name="agenda" max={SESSION_AGENDA_MAX} texts={t.agenda} />
    </FormDialog>
  );
}
