import { QueryFailedError } from 'typeorm';

/**
 * Whether `error` is Postgres refusing a duplicate (unique_violation, 23505), optionally of one
 * constraint. Uniqueness is the database's to decide: insert and catch this, never check then insert.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driverError = error.driverError as { code?: string; constraint?: string };
  return driverError.code === '23505' && (constraint === undefined || driverError.constraint === constraint);
}
