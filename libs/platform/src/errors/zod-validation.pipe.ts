import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { ValidationException } from './app.exception.js';

export function zodIssues(error: z.ZodError, prefix?: string) {
  const pathOf = (path: PropertyKey[]) => [prefix, ...path.map(String)].filter(Boolean).join('.');
  // An unknown field is reported on the field itself, so a client sees which one was refused.
  return error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ path: pathOf([...issue.path, key]), message: 'Unknown field' }))
      : [{ path: pathOf(issue.path), message: issue.message }],
  );
}

/** Validates a body, query or param with a zod schema: 400 with every field's message, or the parsed value. */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    const result = this.schema.safeParse(value ?? {});
    if (!result.success) throw new ValidationException(zodIssues(result.error));
    return result.data;
  }
}

export const zodPipe = <S extends z.ZodType>(schema: S) => new ZodValidationPipe(schema);
