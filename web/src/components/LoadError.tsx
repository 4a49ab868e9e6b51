import { Alert, Button } from 'antd';
import './page-states.css';

export interface LoadErrorProps {
  title: string;
  /** The server's explanation, if any. */
  description?: string;
  retryLabel: string;
  onRetry: () => void;
  retrying?: boolean;
}

/** A query that failed, with a way to ask again. */
export function LoadError({ title, description, retryLabel, onRetry, retrying = false }: LoadErrorProps) {
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      className="pj-load-error"
      title={title}
      description={description}
      action={
        <Button onClick={onRetry} loading={retrying}>
          {retryLabel}
        </Button>
      }
    />
  );
}
