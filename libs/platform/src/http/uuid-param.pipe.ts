import type { PipeTransform } from '@nestjs/common';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` has the shape of an id (8-4-4-4-12 hex digits). */
export const isUuid = (value: string): boolean => UUID.test(value);

/**
 * A path id, lower-cased. A value that cannot be an id names nothing: the pipe throws what the route
 * answers for a missing resource (its 404), never a 400 or a database error.
 */
export class UuidParamPipe implements PipeTransform<string, string> {
  constructor(private readonly notFound: () => Error) {}

  transform(value: string): string {
    if (!isUuid(value)) throw this.notFound();
    return value.toLowerCase();
  }
}
