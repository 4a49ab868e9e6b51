import { Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { requiredTextRules } from '../lib/form-rules';

/** What a text field says: its label, a placeholder, and its messages (`required` absent: optional). */
export interface TextFieldTexts {
  label: string;
  placeholder?: string;
  required?: string;
  tooLong: string;
}

export interface TextAreaItemProps {
  /** The form field (also the path of the API's issues about it). */
  name: string;
  /** At most this many characters: a counter shows. */
  max: number;
  texts: TextFieldTexts;
  /** A line under the field. */
  extra?: ReactNode;
  /** One line (a title) rather than a growing text area. */
  single?: boolean;
}

/**
 * A form's text (a title, a description, a note, feedback) with its rules: a growing text area with its
 * counter, or one line. Its first value comes from the form's `initialValues`.
 */
export function TextAreaItem({ name, max, texts, extra, single = false }: TextAreaItemProps) {
  const { label, placeholder, required, tooLong } = texts;
  return (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      rules={required ? requiredTextRules(required, max, tooLong) : [{ max, message: tooLong }]}
    >
      {single ? (
        <Input placeholder={placeholder} maxLength={max} />
      ) : (
        <Input.TextArea placeholder={placeholder} autoSize={{ minRows: 3, maxRows: 8 }} showCount maxLength={max} />
      )}
    </Form.Item>
  );
}
