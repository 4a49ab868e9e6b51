import type { z } from 'zod';

/**
 * Marks a payload field that carries personal data: a name, contact details, a photo, free text
 * written by or about a person, where they study or work. The AsyncAPI document
 * (docs/events/asyncapi.yaml) shows it as `x-personal-data: true` on the property, so that a data
 * team knows what to drop or protect. Ids (userId, ...) are pseudonymous and are not marked.
 * Metadata only: parsing is unchanged.
 */
export function personalData<S extends z.ZodType>(schema: S): S {
  return schema.meta({ 'x-personal-data': true });
}
