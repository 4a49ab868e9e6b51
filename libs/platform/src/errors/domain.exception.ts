import { AppException } from './app.exception.js';

/**
 * A service's domain failures as a table: each code of its enum with its HTTP status and message.
 * Typed `Record<Code, …>`, so a code without a row does not compile (the table is exhaustive).
 */
export type DomainErrors<Code extends string> = Readonly<Record<Code, readonly [status: number, message: string]>>;

/** What one throw may say besides the code: another message, or the field it is about (an issue). */
export interface DomainErrorDetail {
  /** Replaces the table's message. */
  message?: string;
  /** The request field at fault: the failure also lists it as an issue `{ path, message }`. */
  issuePath?: string;
}

/**
 * The base of each service's `<Name>Exception`: status and message come from the service's
 * `DomainErrors` table. The subclass keeps its own constructor, e.g.
 * `constructor(code: AdminErrorCodeValue, issuePath?: string) { super(errors, code, { issuePath }); }`.
 */
export abstract class DomainException<Code extends string> extends AppException {
  protected constructor(errors: DomainErrors<Code>, code: Code, { message, issuePath }: DomainErrorDetail = {}) {
    const [status, tableMessage] = errors[code];
    const text = message ?? tableMessage;
    super(status, code, text, issuePath ? [{ path: issuePath, message: text }] : undefined);
  }
}
