import { Button, Result } from 'antd';
import { shellTexts as t } from './shell.texts';

export interface SessionUnavailableProps {
  onRetry: () => void;
}

/** GET /api/auth/user failed for another reason than "signed out" (network, server down). */
export function SessionUnavailable({ onRetry }: SessionUnavailableProps) {
  return (
    <main className="pj-page" style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }}>
      <Result
        status="warning"
        title={<h1 style={{ margin: 0, fontSize: 'inherit', fontWeight: 'inherit' }}>{t.session.unavailableTitle}</h1>}
        subTitle={t.session.unavailableText}
        extra={
          <Button type="primary" onClick={onRetry}>
            {t.session.retry}
          </Button>
        }
      />
    </main>
  );
}
