import { Alert, Button } from 'antd';
import { safetyTip, type ScamFlag } from '@projectory/contracts/values';
import { safetyTexts } from './safety.texts';
import './safety.css';

export interface SafetyTipProps {
  flags: readonly ScamFlag[] | undefined;
  /** A "Report" button beside the tip (the flagged message or project). */
  onReport?: () => void;
  reportLabel?: string;
}

/** The safety tip beside flagged content (API.md "Trust and safety" auto-flags); nothing when unflagged. */
export function SafetyTip({ flags, onReport, reportLabel }: SafetyTipProps) {
  const tip = flags ? safetyTip(flags) : null;
  if (!tip) return null;
  return (
    <Alert
      className="pj-safety-tip"
      type="warning"
      showIcon
      title={safetyTexts.tip.title}
      description={tip}
      action={
        onReport && (
          <Button size="small" danger onClick={onReport} aria-label={reportLabel}>
            {safetyTexts.tip.report}
          </Button>
        )
      }
    />
  );
}
