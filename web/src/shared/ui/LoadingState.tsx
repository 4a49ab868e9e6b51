import { Spin } from 'antd';
import './page-states.css';

export interface LoadingStateProps {
  /** Shown and announced, e.g. 'Loading assessment...'. */
  label: string;
  /** A second line under the label. */
  detail?: string;
}

/** A page or panel whose data is on its way. */
export function LoadingState({ label, detail }: LoadingStateProps) {
  return (
    <div className="pj-state" role="status" aria-live="polite">
      <Spin size="large" />
      <p className="pj-state__title">{label}</p>
      {detail && <p className="pj-state__detail">{detail}</p>}
    </div>
  );
}
