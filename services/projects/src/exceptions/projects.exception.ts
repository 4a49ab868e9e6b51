import { ProjectsErrorCode } from '@projectory/contracts';
import { AppException } from '@projectory/platform';

type ProjectsCode = (typeof ProjectsErrorCode)[keyof typeof ProjectsErrorCode];

const messages: Record<ProjectsCode, string> = {
  [ProjectsErrorCode.ProjectNotFound]: 'Project not found',
  [ProjectsErrorCode.ProjectModerated]: 'An admin deactivated this project; only an admin can reactivate it',
};

function statusOf(code: ProjectsCode): number {
  switch (code) {
    case ProjectsErrorCode.ProjectNotFound:
      return 404;
    case ProjectsErrorCode.ProjectModerated:
      return 409;
  }
}

/** The projects service's domain failures; the platform's error filter renders them in API.md's shape. */
export class ProjectsException extends AppException {
  constructor(code: ProjectsCode) {
    super(statusOf(code), code, messages[code]);
  }
}
