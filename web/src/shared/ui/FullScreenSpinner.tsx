import './full-screen-spinner.css';

export interface FullScreenSpinnerProps {
  /** Read by screen readers. */
  label?: string;
}

/** Shown while a page's code or the session loads. Plain CSS, so it can show before antd has loaded. */
export function FullScreenSpinner({ label = 'Loading' }: FullScreenSpinnerProps) {
  return (
    <div className="full-screen-spinner" role="status" aria-live="polite">
      <span className="full-screen-spinner__ring" aria-hidden="true" />
      <span className="full-screen-spinner__label">{label}</span>
    </div>
  );
}
