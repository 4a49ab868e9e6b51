import { Button, Result } from 'antd';
import { useDocumentTitle } from '../lib/use-document-title';

export interface StatusResultTexts {
  documentTitle: string;
  title: string;
  description: string;
  backHome: string;
}

/** A page that cannot be shown (404, 403): its heading, why, and the way home. */
export function StatusResult({ status, texts }: { status: '403' | '404'; texts: StatusResultTexts }) {
  useDocumentTitle(texts.documentTitle);
  return (
    <Result
      status={status}
      title={<h1 style={{ margin: 0, fontSize: 'inherit', fontWeight: 'inherit' }}>{texts.title}</h1>}
      subTitle={texts.description}
      extra={
        // A full page load: `/` is served without the app shell (see main.tsx).
        <Button type="primary" href="/">
          {texts.backHome}
        </Button>
      }
    />
  );
}
