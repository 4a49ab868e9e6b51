import type { FormRule } from 'antd';

/** A text the user must fill in (more than white space), of at most `max` characters. */
export const requiredTextRules = (requiredMessage: string, max: number, tooLongMessage: string): FormRule[] => [
  { required: true, whitespace: true, message: requiredMessage },
  { max, message: tooLongMessage },
];
