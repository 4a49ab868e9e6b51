import { describe, expect, it } from '@jest/globals';
import { AppException } from './app.exception.js';
import { type DomainErrors, DomainException } from './domain.exception.js';

type Code = 'TAKEN' | 'LIMIT';

const errors: DomainErrors<Code> = {
  TAKEN: [409, 'Already taken'],
  LIMIT: [400, 'Too many'],
};

class ExampleException extends DomainException<Code> {
  constructor(code: Code, issuePath?: string) {
    super(errors, code, { issuePath });
  }
}

class Reworded extends DomainException<Code> {
  constructor(code: Code, message?: string) {
    super(errors, code, { message });
  }
}

describe('DomainException', () => {
  it("takes the code's status and message from the table, under the subclass's name", () => {
    const error = new ExampleException('TAKEN');
    expect(error).toBeInstanceOf(AppException);
    expect(error).toMatchObject({ name: 'ExampleException', statusCode: 409, code: 'TAKEN' });
    expect(error.message).toBe('Already taken');
    expect(error.issues).toBeUndefined();
  });

  it('lists the field at fault as an issue with the same message', () => {
    expect(new ExampleException('LIMIT', 'skillId')).toMatchObject({
      statusCode: 400,
      message: 'Too many',
      issues: [{ path: 'skillId', message: 'Too many' }],
    });
  });

  it("says another message where the throw gives one, and the table's without", () => {
    expect(new Reworded('TAKEN', 'Only the system does this').message).toBe('Only the system does this');
    expect(new Reworded('TAKEN').message).toBe('Already taken');
  });

  it('does not compile with a code missing from the table', () => {
    // @ts-expect-error LIMIT has no row: the table is exhaustive
    const partial: DomainErrors<Code> = { TAKEN: [409, 'Already taken'] };
    expect(partial).toBeDefined();
  });
});
