import { Progress } from 'antd';
import { useId } from 'react';
import { palette } from '../../../shared/theme';

export interface MatchBarProps {
  /** 0–100. */
  percent: number;
  /** The words beside the bar, which also name it, e.g. '87% match'. */
  text: (percent: number) => string;
}

/** A career's match as a bar named by its text ('{n}% match', '{n}% compatibility'). */
export function MatchBar({ percent, text }: MatchBarProps) {
  const id = useId();
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="pj-career-match">
      <Progress
        percent={value}
        showInfo={false}
        strokeColor={palette.primary}
        size="small"
        aria-labelledby={id}
        className="pj-career-match__bar"
      />
      <span id={id} className="pj-career-match__text">
        {text(value)}
      </span>
    </div>
  );
}
