import { Progress } from 'antd';
import { palette } from '../theme';
import { proficiencyBarTexts } from './proficiency-bar.texts';

/** Prototype spec §9 "Proficiency bar": Advanced 90, Intermediate 70, anything else 40. */
export const proficiencyPercent = (level: string): number =>
  level === 'Advanced' ? 90 : level === 'Intermediate' ? 70 : 40;

export interface ProficiencyBarProps {
  level: string;
  /** The skill's name: the bar reads as "<name> proficiency". */
  name: string;
  className?: string;
}

/** How well the user knows a skill, as a bar (the skills page, the student's dashboard). */
export function ProficiencyBar({ level, name, className }: ProficiencyBarProps) {
  return (
    <Progress
      percent={proficiencyPercent(level)}
      showInfo={false}
      size="small"
      strokeColor={palette.primary}
      aria-label={proficiencyBarTexts.label(name)}
      className={className}
    />
  );
}
