import { Alert, Button } from 'antd';
import { toApiFailure } from '../../api/api-error';
import { pageStatesTexts } from './page-states.texts';
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

/** A read that failed (an RTK Query result): its error, whether it is asking again, and how to ask again. */
export interface FailedQuery {
  error?: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface QueryErrorProps {
  title: string;
  query: FailedQuery;
  retryLabel?: string;
}

/** A failed read with the server's explanation, and a retry that asks again. */
export function QueryError({ title, query, retryLabel = pageStatesTexts.retry }: QueryErrorProps) {
  return (
    <LoadError
      title={title}
      description={toApiFailure(query.error).message}
      retryLabel={retryLabel}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
}
