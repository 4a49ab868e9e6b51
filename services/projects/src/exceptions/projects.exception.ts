import { ProjectsErrorCode, SafetyErrorCode, UNVERIFIED_ACTIVE_PROJECTS_MAX } from '@projectory/contracts';
import { type DomainErrors, DomainException } from '@projectory/platform';

type ProjectsCode =
  (typeof ProjectsErrorCode)[keyof typeof ProjectsErrorCode] | typeof SafetyErrorCode.VerificationRequired;

const errors: DomainErrors<ProjectsCode> = {
  [ProjectsErrorCode.ProjectNotFound]: [404, 'Project not found'],
  [ProjectsErrorCode.ProjectModerated]: [409, 'An admin deactivated this project; only an admin can reactivate it'],
  [SafetyErrorCode.VerificationRequired]: [
    403,
    `Verify your company to have more than ${UNVERIFIED_ACTIVE_PROJECTS_MAX} active projects (Verification page)`,
  ],
};

/** The projects service's domain failures; the platform's error filter renders them in API.md's shape. */
export class ProjectsException extends DomainException<ProjectsCode> {
  constructor(code: ProjectsCode) {
    super(errors, code);
  }
}
