import { Spin } from 'antd';
import { shellTexts as t } from './shell.texts';
import { useSocketReconnecting } from './use-socket-reconnecting';

/**
 * "Reconnecting…" while the live connection is down after having been up. The status region is always
 * there (empty when connected), so that screen readers hear the change too.
 */
export function ConnectionStatus() {
  const reconnecting = useSocketReconnecting();
  return (
    <div role="status" className={`pj-connection${reconnecting ? ' pj-connection--down' : ''}`}>
      {reconnecting && (
        <>
          <Spin size="small" />
          <span>{t.reconnecting}</span>
        </>
      )}
    </div>
  );
}
