import type { ReactNode } from 'react';
import { PublicHeader } from '../../../shared/ui/PublicHeader';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { authTexts as t } from '../auth.texts';
import { LegalLinks } from './LegalLinks';
import '../auth.css';

export interface AuthLayoutProps {
  documentTitle: string;
  title: string;
  lead: string;
  cardTitle: string;
  /** Beside the card on wide screens, below it on phones (stats, reasons to join). */
  aside?: ReactNode;
  children: ReactNode;
}

/** The public account pages: back link, heading, a card with the form and legal links, then the aside. */
export function AuthLayout({ documentTitle, title, lead, cardTitle, aside, children }: AuthLayoutProps) {
  useDocumentTitle(documentTitle);
  return (
    <div className="pj-page pj-auth">
      <PublicHeader backLabel={t.backHome} className="pj-auth__header" />
      <main className={aside ? 'pj-auth__main pj-auth__main--split' : 'pj-auth__main'}>
        <div className="pj-auth__intro">
          <h1 className="pj-auth__title">{title}</h1>
          <p className="pj-auth__lead">{lead}</p>
        </div>
        <section className="pj-auth__card" aria-labelledby="pj-auth-card-title">
          <h2 id="pj-auth-card-title" className="pj-auth__card-title">
            {cardTitle}
          </h2>
          {children}
          <LegalLinks />
        </section>
        {aside && <div className="pj-auth__aside">{aside}</div>}
      </main>
    </div>
  );
}
