import { AdminErrorCode, type AdminErrorCodeValue, NotFoundCode } from '@projectory/contracts';
import { type DomainErrors, DomainException, notFound } from '@projectory/platform';

const errors: DomainErrors<AdminErrorCodeValue> = {
  [AdminErrorCode.CannotChangeSelf]: [409, 'You cannot suspend or demote yourself'],
  [AdminErrorCode.LastAdmin]: [409, 'The last admin cannot be demoted or suspended'],
  [AdminErrorCode.UpgradeRequestOpen]: [409, 'You already have an open upgrade request'],
};

/** The admin service's domain failures; the platform's error filter renders them in API.md's shape. */
export class AdminException extends DomainException<AdminErrorCodeValue> {
  constructor(code: AdminErrorCodeValue, issuePath?: string) {
    super(errors, code, { issuePath });
  }
}

export const tableNotFound = () => notFound(NotFoundCode.Export);
