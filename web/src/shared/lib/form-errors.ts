import type { FormInstance } from 'antd';
import { failureMessage, toApiFailure, type ApiFailure } from '../../api/api-error';

export interface ServerErrorOptions<Values> {
  /** Error codes that belong to one field, with the text to show there (else the server's message). */
  codeFields?: Partial<Record<string, { field: keyof Values & string; message?: string }>>;
  /** Error codes shown above the form with our own text (else the server's message). */
  codeMessages?: Partial<Record<string, string>>;
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
  for (const issue of failure.issues) {
    const name = issue.path.split('.')[0] ?? '';
    if (name === byCode?.field) continue; // already explained in our words
    if (known.has(name)) add(name, issue.message);
    else leftover.push(issue.message);
  }
  form.setFields([...fields].map(([name, errors]) => ({ name: name as never, errors })));

  if (leftover.length > 0) return leftover.join(' ');
  if (fields.size > 0) return undefined;
  return options.codeMessages?.[failure.code] ?? failureMessage(failure);
}
