import type { FormInstance } from 'antd';
import { failureMessage, toApiFailure, type ApiFailure } from '../../api/api-error';

export interface ServerErrorOptions<Values> {
  /** Error codes that belong to one field, with the text to show there (else the server's message). */
  codeFields?: Partial<Record<string, { field: keyof Values & string; message?: string }>>;
  /** Error codes shown above the form with our own text (else the server's message). */
  codeMessages?: Partial<Record<string, string>>;
  /**
   * The form's `Form.List`s: an issue on an item's field (`milestones.2.title`) goes onto that item's
   * input; one on the list itself (`milestones`) onto the list (its `Form.ErrorList`).
   */
  lists?: readonly (keyof Values & string)[];
}

/**
 * Shows a failed submit on an antd form: every `issues[].path` the form has goes onto that field, a
 * code listed in `codeFields` onto its field; returns what is left for a form-level alert (or undefined).
 */
export function showServerErrors<Values>(
  form: FormInstance<Values>,
  error: unknown,
  options: ServerErrorOptions<Values> = {},
): string | undefined {
  const failure: ApiFailure = toApiFailure(error);
  const known = new Set(Object.keys(form.getFieldsValue() as object));
  const fields = new Map<string, string[]>();
  const add = (name: string, message: string) => fields.set(name, [...(fields.get(name) ?? []), message]);

  const byCode = options.codeFields?.[failure.code];
  if (byCode) add(byCode.field, byCode.message ?? failure.message);
  const leftover: string[] = [];
  const onItems: { name: (string | number)[]; errors: string[] }[] = [];
  for (const issue of failure.issues) {
    const [name = '', index, field, ...deeper] = issue.path.split('.');
    if (name === byCode?.field) continue; // already explained in our words
    if (
      (options.lists as readonly string[] | undefined)?.includes(name) &&
      /^\d+$/.test(index ?? '') &&
      field &&
      deeper.length === 0
    ) {
      onItems.push({ name: [name, Number(index), field], errors: [issue.message] });
      continue;
    }
    if (known.has(name)) add(name, issue.message);
    else leftover.push(issue.message);
  }
  form.setFields([
    ...[...fields].map(([name, errors]) => ({ name: name as never, errors })),
    ...onItems.map(({ name, errors }) => ({ name: name as never, errors })),
  ]);

  if (leftover.length > 0) return leftover.join(' ');
  if (fields.size > 0 || onItems.length > 0) return undefined;
  return options.codeMessages?.[failure.code] ?? failureMessage(failure);
}
