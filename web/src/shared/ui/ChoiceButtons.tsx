import { Radio } from 'antd';

export interface ChoiceButtonsProps<T extends string> {
  /** The radio group's name and its accessible name. */
  name: string;
  label: string;
  value: T;
  onChange: (value: T) => void;
  /** Each choice's value, in the order shown, with its label. */
  choices: Record<T, string>;
  /** The chosen button filled (a view switch) rather than outlined (a sort order). */
  solid?: boolean;
  className?: string;
}

/** One of a few choices as a row of buttons (antd's button-style radio group): a view, a sort order. */
export function ChoiceButtons<T extends string>({
  name,
  label,
  value,
  onChange,
  choices,
  solid,
  className,
}: ChoiceButtonsProps<T>) {
  return (
    <Radio.Group
      name={name}
      optionType="button"
      buttonStyle={solid ? 'solid' : undefined}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as T)}
      options={(Object.keys(choices) as T[]).map((choice) => ({ value: choice, label: choices[choice] }))}
      className={className}
    />
  );
}
