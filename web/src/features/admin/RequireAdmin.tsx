import { Button, Result } from 'antd';
import { Outlet } from 'react-router-dom';
import { useDocumentTitle } from '../../shared/lib/use-document-title';
import { useCurrentUser } from '../../shared/session';
import { adminTexts } from './admin.texts';

const t = adminTexts.forbidden;

/** Admin pages: anyone else gets a 403 inside the shell (the server refuses them too). */
export function RequireAdmin() {
  const user = useCurrentUser();
  if (user.role === 'admin') return <Outlet />;
  return <Forbidden />;
}

function Forbidden() {
  useDocumentTitle(t.documentTitle);
  return (
    <Result
      status="403"
      title={<h1 style={{ margin: 0, fontSize: 'inherit', fontWeight: 'inherit' }}>{t.title}</h1>}
      subTitle={t.description}
      extra={
        <Button type="primary" href="/">
          {t.backHome}
        </Button>
      }
    />
  );
}
