import { AdminErrorCode, type AdminErrorCodeValue } from '@projectory/contracts';
import { AppException, NotFoundException } from '@projectory/platform';

const messages: Record<AdminErrorCodeValue, string> = {
  [AdminErrorCode.CannotChangeSelf]: 'You cannot suspend or demote yourself',
  [AdminErrorCode.LastAdmin]: 'The last admin cannot be demoted or suspended',
  [AdminErrorCode.UpgradeRequestOpen]: 'You already have an open upgrade request',
};

function statusOf(code: AdminErrorCodeValue): number {
  switch (code) {
    case AdminErrorCode.CannotChangeSelf:
    case AdminErrorCode.LastAdmin:
    case AdminErrorCode.UpgradeRequestOpen:
      return 409;
  }
}

/** The admin service's domain failures; the platform's error filter renders them in API.md's shape. */
export class AdminException extends AppException {
  constructor(code: AdminErrorCodeValue, issuePath?: string) {
    const message = messages[code];
    super(statusOf(code), code, message, issuePath ? [{ path: issuePath, message }] : undefined);
  }
}

export const tableNotFound = () => new NotFoundException('No such export');
