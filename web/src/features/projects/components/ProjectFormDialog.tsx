import { Alert, App, Button, Form, Input, Modal, Select, type FormInstance, type InputRef } from 'antd';
import { useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { toApiFailure } from '../../../api/api-error';
import { FormAlert } from '../../../shared/ui/FormAlert';
import { showServerErrors } from '../../../shared/lib/form-errors';
import {
  useCreateProjectMutation,
  useUpdateProjectMutation,
  type CreateProjectBody,
  type ExchangeType,
  type Project,
} from '../projects.api';
import {
  EMPLOYER_VERIFICATION_PATH,
  exchangeTypeLabels,
  exchangeTypes,
  SafetyErrorCode,
} from '@projectory/contracts/values';
import {
  PROJECT_DESCRIPTION_MAX,
  PROJECT_DURATION_MAX,
  PROJECT_EXCHANGE_DESCRIPTION_MAX,
  PROJECT_TITLE_MAX,
  projectsTexts,
} from '../projects.texts';
import { MilestonesField, type MilestoneValues } from './MilestonesField';
import { SkillSelect } from './SkillSelect';
import { TagInput } from './TagInput';
import { requiredTextRules } from '../../../shared/lib/form-rules';

const t = projectsTexts.form;
const VERIFICATION_REQUIRED = SafetyErrorCode.VerificationRequired;

const exchangeOptions = exchangeTypes.map((value) => ({ value, label: exchangeTypeLabels[value] }));

interface ProjectFormValues {
  title: string;
  description: string;
  exchangeType: ExchangeType | undefined;
  exchangeDescription: string;
  duration: string;
  requiredSkills: string[];
  culturalValues: string[];
  milestones: MilestoneValues[];
}

const emptyValues: ProjectFormValues = {
  title: '',
  description: '',
  exchangeType: undefined,
  exchangeDescription: '',
  duration: '',
  requiredSkills: [],
  culturalValues: [],
  milestones: [],
};

const valuesOf = (project: Project): ProjectFormValues => ({
  title: project.title,
  description: project.description,
  exchangeType: project.exchangeType,
  exchangeDescription: project.exchangeDescription ?? '',
  duration: project.duration ?? '',
  requiredSkills: project.requiredSkills,
  culturalValues: project.culturalValues,
  milestones: project.milestones.map(({ title, description, dayOffset }) => ({ title, description, dayOffset })),
});

/** The plan as the server takes it: trimmed texts (the form's rules made sure each has a title and a day). */
const milestonesOf = (values: ProjectFormValues) =>
  values.milestones.map(({ title, description, dayOffset }) => ({
    title: title.trim(),
    description: description.trim(),
    dayOffset: dayOffset ?? 0,
  }));

/** A milestone's field the server named (`milestones.2.title`) shows on that milestone's input. */
const showErrors = (form: FormInstance<ProjectFormValues>, error: unknown) =>
  showServerErrors(form, error, { lists: ['milestones'] });

export interface ProjectFormDialogProps {
  open: boolean;
  onClose: () => void;
  /** The project to edit; a new one when absent. */
  project?: Project;
}

/**
 * 'Create New Project' (prototype spec §2, §5), and the same form to edit a project. The form lives
 * only while the dialog is open, so each opening starts from the project or from blank.
 */
export function ProjectFormDialog({ open, onClose, project }: ProjectFormDialogProps) {
  // The dialog opens on its first field, so that the employer can type at once.
  const firstField = useRef<InputRef>(null);
  return (
    <Modal
      open={open}
      title={project ? t.editTitle : t.createTitle}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      afterOpenChange={(visible) => visible && firstField.current?.focus()}
      width={640}
      className="pj-project-dialog"
    >
      <ProjectForm project={project} onDone={onClose} firstField={firstField} />
    </Modal>
  );
}

interface ProjectFormProps {
  project?: Project;
  onDone: () => void;
  firstField: RefObject<InputRef | null>;
}

function ProjectForm({ project, onDone, firstField }: ProjectFormProps) {
  const [form] = Form.useForm<ProjectFormValues>();
  const [alert, setAlert] = useState<string>();
  const [needsVerification, setNeedsVerification] = useState(false);
  const [createProject, creation] = useCreateProjectMutation();
  const [updateProject, update] = useUpdateProjectMutation();
  const { notification, message } = App.useApp();
  const busy = creation.isLoading || update.isLoading;

  const onFinish = async (values: ProjectFormValues) => {
    setAlert(undefined);
    const exchangeDescription = values.exchangeDescription.trim();
    const duration = values.duration.trim();
    const fields = {
      title: values.title.trim(),
      description: values.description.trim(),
      exchangeType: values.exchangeType!,
      requiredSkills: values.requiredSkills,
      culturalValues: values.culturalValues,
      milestones: milestonesOf(values),
    };
    if (project) {
      try {
        await updateProject({
          id: project.id,
          changes: { ...fields, exchangeDescription: exchangeDescription || null, duration: duration || null },
        }).unwrap();
        void message.success(projectsTexts.updated);
        onDone();
      } catch (error) {
        setAlert(showErrors(form, error));
        notification.error({
          title: projectsTexts.updateFailed.title,
          description: projectsTexts.updateFailed.description,
        });
      }
      return;
    }
    // Optional texts left blank are not sent; isActive never is (a new project is active).
    const body: CreateProjectBody = {
      ...fields,
      ...(exchangeDescription ? { exchangeDescription } : {}),
      ...(duration ? { duration } : {}),
    };
    try {
      setNeedsVerification(false);
      await createProject(body).unwrap();
      notification.success({ title: projectsTexts.created.title, description: projectsTexts.created.description });
      form.resetFields();
      onDone();
    } catch (error) {
      // An unverified employer's third active project: the way on is /verification.
      if (toApiFailure(error).code === VERIFICATION_REQUIRED) {
        setNeedsVerification(true);
        return;
      }
      setAlert(showErrors(form, error));
      notification.error({
        title: projectsTexts.createFailed.title,
        description: projectsTexts.createFailed.description,
      });
    }
  };

  return (
    <Form<ProjectFormValues>
      form={form}
      name={project ? 'edit-project' : 'create-project'}
      layout="vertical"
      requiredMark={false}
      // antd's inline message is the one message per field: no browser bubble on top of it.
      noValidate
      initialValues={project ? valuesOf(project) : emptyValues}
      onFinish={(values) => void onFinish(values)}
      className="pj-project-form"
    >
      <FormAlert message={alert} />
      {needsVerification && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          className="pj-form-alert"
          title={projectsTexts.verificationRequired.title}
          description={
            <>
              {projectsTexts.verificationRequired.body}{' '}
              <Link to={EMPLOYER_VERIFICATION_PATH}>{projectsTexts.verificationRequired.link}</Link>
            </>
          }
        />
      )}
      <Form.Item
        name="title"
        label={t.title}
        validateFirst
        rules={requiredTextRules(t.titleRequired, PROJECT_TITLE_MAX, t.titleTooLong)}
      >
        <Input ref={firstField} placeholder={t.titlePlaceholder} count={{ show: true, max: PROJECT_TITLE_MAX }} />
      </Form.Item>
      <Form.Item
        name="description"
        label={t.description}
        validateFirst
        rules={requiredTextRules(t.descriptionRequired, PROJECT_DESCRIPTION_MAX, t.descriptionTooLong)}
      >
        <Input.TextArea
          placeholder={t.descriptionPlaceholder}
          autoSize={{ minRows: 3, maxRows: 8 }}
          count={{ show: true, max: PROJECT_DESCRIPTION_MAX }}
        />
      </Form.Item>
      <Form.Item
        name="exchangeType"
        label={t.exchangeType}
        rules={[{ required: true, message: t.exchangeTypeRequired }]}
      >
        <Select placeholder={t.exchangeTypePlaceholder} options={exchangeOptions} />
      </Form.Item>
      <Form.Item
        name="exchangeDescription"
        label={t.exchangeDescription}
        rules={[{ max: PROJECT_EXCHANGE_DESCRIPTION_MAX, message: t.exchangeDescriptionTooLong }]}
      >
        <Input.TextArea placeholder={t.exchangeDescriptionPlaceholder} autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
      <Form.Item
        name="duration"
        label={t.duration}
        extra={t.durationHint}
        rules={[{ max: PROJECT_DURATION_MAX, message: t.durationTooLong }]}
      >
        <Input placeholder={t.durationHint} />
      </Form.Item>
      <Form.Item name="requiredSkills" label={t.requiredSkills} extra={t.requiredSkillsHint}>
        <SkillSelect />
      </Form.Item>
      <Form.Item name="culturalValues" label={t.culturalValues}>
        <TagInput name={t.culturalValuesName} placeholder={t.culturalValuesPlaceholder} />
      </Form.Item>
      <MilestonesField formName={project ? 'edit-project' : 'create-project'} />
      <div className="pj-form-actions">
        <Button onClick={onDone}>{t.cancel}</Button>
        <Button type="primary" htmlType="submit" loading={busy}>
          {project ? (busy ? t.saving : t.save) : busy ? t.creating : t.create}
        </Button>
      </div>
    </Form>
  );
}
