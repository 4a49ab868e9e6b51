import { Tooltip } from 'antd';
import type { VerificationLevel } from '@projectory/contracts/values';
import { safetyTexts } from './safety.texts';
import './safety.css';

const t = safetyTexts.verified;

/**
 * "Verified employer" beside an employer's name when their verification is not `none`; the tooltip and
 * the accessible name say how (company e-mail domain, or registration checked by Projectory). Nothing
 * for `none` or an unknown level (a read model that does not carry it yet).
 */
export function VerifiedMark({
  level,
  focusable = true,
}: {
  level: VerificationLevel | null | undefined;
  /** False inside a link or a button: the mark is then part of its name, and not a stop of its own. */
  focusable?: boolean;
}) {
  if (!level || level === 'none') return null;
  const how = t.how[level];
  return (
    <Tooltip title={how} trigger={['hover', 'focus']}>
      <span
        className="pj-verified"
        tabIndex={focusable ? 0 : undefined}
        role="img"
        aria-label={how}
        data-verification={level}
      >
        <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
          <path d="M12 2 4 5v6c0 5 3.4 9.3 8 11 4.6-1.7 8-6 8-11V5z" fill="currentColor" />
          <path d="m8.5 12 2.5 2.5 4.5-5" fill="none" stroke="var(--pj-color-surface)" strokeWidth="2" />
        </svg>
        <span aria-hidden="true">{t.label}</span>
      </span>
    </Tooltip>
  );
}
