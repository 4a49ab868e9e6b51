import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { notFoundTexts as t } from './not-found.texts';

/** Any path no route matches (prototype spec §2). */
export function NotFoundPage() {
  useEffect(() => {
    const previous = document.title;
    document.title = t.documentTitle;
    return () => {
      document.title = previous;
    };
  }, []);

  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }}>
      <Result
        status="404"
        title={<h1 style={{ margin: 0, fontSize: 'inherit', fontWeight: 'inherit' }}>{t.title}</h1>}
        subTitle={t.description}
        extra={
          // A full page load: `/` is served without the app shell (see main.tsx).
          <Button type="primary" href="/">
            {t.backHome}
          </Button>
        }
      />
    </main>
  );
}
