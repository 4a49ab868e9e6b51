import type { PipeTransform } from '@nestjs/common';
import { addUserSkillSchema, pageQueryFields, NotFoundCode } from '@projectory/contracts';
import { notFound, UuidParamPipe, zodPipe } from '@projectory/platform';
import { z } from 'zod';

export const searchSkillsQuery = z.object({
  q: z.string('q must be text').trim().max(100, 'q must be at most 100 characters').optional(),
  ...pageQueryFields,
});
export type SearchSkillsQuery = z.infer<typeof searchSkillsQuery>;

export const listUserSkillsQuery = z.object(pageQueryFields);
export type ListUserSkillsQuery = z.infer<typeof listUserSkillsQuery>;

const [addBySkillId, addByName] = addUserSkillSchema.options;

/**
 * `{ skillId }` or `{ name }`, with a proficiencyLevel. A body naming exactly one of them is checked
 * against that form alone, so a bad level or id is reported on its own field instead of as "neither".
 */
export class AddUserSkillPipe implements PipeTransform<unknown, AddUserSkillBody> {
  transform(value: unknown): AddUserSkillBody {
    const has = (key: string) => typeof value === 'object' && value !== null && Object.hasOwn(value, key);
    const schema =
      has('skillId') && !has('name') ? addBySkillId : has('name') && !has('skillId') ? addByName : addUserSkillSchema;
    return zodPipe(schema).transform(value);
  }
}
export type AddUserSkillBody = z.infer<typeof addUserSkillSchema>;

/** A path id that cannot be a user skill's is simply not found (404), never a database error. */
export const userSkillId = new UuidParamPipe(() => notFound(NotFoundCode.Skill));
