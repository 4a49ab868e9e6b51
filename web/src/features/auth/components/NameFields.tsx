import { Col, Form, Input, Row } from 'antd';
import { nameRules } from '../auth-form';
import { authTexts } from '../auth.texts';

export interface NameFieldsProps {
  /** The labels of the two fields (the sign-up page's or the settings'). */
  labels: { firstName: string; lastName: string };
  gutter: number;
  /** From this breakpoint on, the two stand side by side. */
  sideBySide: 'sm' | 'md';
}

/** First and last name, required, side by side from `sideBySide` on (sign-up, profile settings). */
export function NameFields({ labels, gutter, sideBySide }: NameFieldsProps) {
  const column = { xs: 24, [sideBySide]: 12 };
  const v = authTexts.validation;
  return (
    <Row gutter={gutter}>
      <Col {...column}>
        <Form.Item name="firstName" label={labels.firstName} rules={nameRules('First name', v.firstNameRequired)}>
          <Input autoComplete="given-name" />
        </Form.Item>
      </Col>
      <Col {...column}>
        <Form.Item name="lastName" label={labels.lastName} rules={nameRules('Last name', v.lastNameRequired)}>
          <Input autoComplete="family-name" />
        </Form.Item>
      </Col>
    </Row>
  );
}
