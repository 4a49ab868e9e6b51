import { Alert, App, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { failureMessage, toApiFailure } from '../../../api/api-error';
import { EMPLOYER_VERIFICATION_PATH, SafetyErrorCode, TalentErrorCode } from '@projectory/contracts/values';
import { personName } from '../../../shared/lib/person-name';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { formDialogFooter } from '../../../shared/ui/form-dialog-footer';
import { FormAlert } from '../../../shared/ui/FormAlert';
import { useCreateInvitationMutation, type Project, type TalentCard } from '../talent.api';
import { INVITATION_MESSAGE_MAX, talentTexts } from '../talent.texts';

const t = talentTexts.invite;

interface InviteValues {
  projectId: string | undefined;
  message: string;
}

export interface InviteDialogProps {
  open: boolean;
  onClose: () => void;
  /** Whom the dialog invites (kept while it closes). */
  student: TalentCard | undefined;
  /** The employer's active projects. */
  projects: Project[];
  /** The project to offer first (the one the search is ranked by). */
  defaultProjectId?: string;
}

/**
 * POST /api/invitations: one of the employer's active projects and an optional message (≤ 1000). A
 * 409 says why on the project field, an unverified employer gets the way to /verification, a 429 the
 * day's limit.
 */
export function InviteDialog({ open, onClose, student, projects, defaultProjectId }: InviteDialogProps) {
  const [form] = Form.useForm<InviteValues>();
  const [createInvitation, { isLoading }] = useCreateInvitationMutation();
  const [alert, setAlert] = useState<string>();
  const [needsVerification, setNeedsVerification] = useState(false);
  const { message } = App.useApp();
  const name = personName(student);
  const firstProject =
    defaultProjectId && projects.some((project) => project.id === defaultProjectId)
      ? defaultProjectId
      : projects.length === 1
        ? projects[0]!.id
        : undefined;

  const onFinish = async ({ projectId, message: text }: InviteValues) => {
    if (!student || !projectId) return;
    setAlert(undefined);
    setNeedsVerification(false);
    const trimmed = text.trim();
    try {
      await createInvitation({ studentId: student.id, projectId, ...(trimmed ? { message: trimmed } : {}) }).unwrap();
      void message.success(t.sent(name));
      onClose();
    } catch (error) {
      const failure = toApiFailure(error);
      if (failure.code === SafetyErrorCode.VerificationRequired) {
        setNeedsVerification(true);
        return;
      }
      const onProject = {
        [TalentErrorCode.AlreadyInvited]: t.alreadyInvited,
        [TalentErrorCode.AlreadyApplied]: t.alreadyApplied,
      }[failure.code];
      if (onProject) {
        form.setFields([{ name: 'projectId', errors: [onProject] }]);
        return;
      }
      if (failure.status === 429) setAlert(t.rateLimited);
      else if (failure.code === SafetyErrorCode.Blocked) setAlert(t.blocked);
      else setAlert(`${t.failed} ${failureMessage(failure)}`);
    }
  };

  return (
    <Modal
      open={open}
      title={t.title(name)}
      onCancel={onClose}
      destroyOnHidden
      footer={
        projects.length === 0
          ? null
          : formDialogFooter({ cancel: t.cancel, onCancel: onClose, form, submit: t.send, loading: isLoading })
      }
      className="pj-invite-dialog"
    >
      {projects.length === 0 ? (
        <div className="pj-invite-dialog__none">
          <p>{t.noProjects}</p>
          <ButtonLink to="/projects" type="primary">
            {t.toProjects}
          </ButtonLink>
        </div>
      ) : (
        <Form<InviteValues>
          form={form}
          name="invite-student"
          layout="vertical"
          requiredMark={false}
          noValidate
          initialValues={{ projectId: firstProject, message: '' }}
          onFinish={(values) => void onFinish(values)}
        >
          <p className="pj-invite-dialog__intro">{t.intro}</p>
          <FormAlert message={alert} />
          {needsVerification && (
            <Alert
              type="warning"
              showIcon
              role="alert"
              className="pj-form-alert"
              title={t.verificationRequired.title}
              description={
                <>
                  {t.verificationRequired.body}{' '}
                  <Link to={EMPLOYER_VERIFICATION_PATH}>{t.verificationRequired.link}</Link>
                </>
              }
            />
          )}
          <Form.Item name="projectId" label={t.project} rules={[{ required: true, message: t.projectRequired }]}>
            <Select
              placeholder={t.projectPlaceholder}
              options={projects.map((project) => ({ value: project.id, label: project.title }))}
              onChange={() => form.setFields([{ name: 'projectId', errors: [] }])}
            />
          </Form.Item>
          <Form.Item
            name="message"
            label={t.message}
            rules={[{ max: INVITATION_MESSAGE_MAX, message: t.messageTooLong }]}
          >
            <Input.TextArea
              placeholder={t.messagePlaceholder}
              autoSize={{ minRows: 3, maxRows: 8 }}
              count={{ show: true, max: INVITATION_MESSAGE_MAX }}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
