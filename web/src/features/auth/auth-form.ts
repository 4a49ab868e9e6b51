import type { FormRule } from 'antd';
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, authTexts } from './auth.texts';
import { requiredTextRules } from '../../shared/lib/form-rules';

const v = authTexts.validation;

/** Field rules shared by the sign-in, sign-up, password and profile forms; the server checks the same. */
export const emailRules: FormRule[] = [
  { required: true, whitespace: true, message: v.emailRequired },
  { type: 'email', message: v.emailInvalid },
];

export const newPasswordRules: FormRule[] = [
  { required: true, message: v.passwordRequired },
  { min: PASSWORD_MIN, message: v.passwordTooShort },
  { max: PASSWORD_MAX, message: v.passwordTooLong },
];

export const nameRules = (label: string, requiredMessage: string): FormRule[] =>
  requiredTextRules(requiredMessage, NAME_MAX, v.nameTooLong(label));

/** A confirmation field that must equal `field`. */
export const sameAsRule =
  (field: string): FormRule =>
  ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) =>
      !value || value === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error(v.passwordsDiffer)),
  });
