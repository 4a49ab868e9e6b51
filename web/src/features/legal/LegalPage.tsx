import { Link } from 'react-router-dom';
import { PublicHeader } from '../../shared/ui/PublicHeader';
import { useDocumentTitle } from '../../shared/lib/use-document-title';
import { legalTexts as t, privacy, terms, type LegalDocument } from './legal.texts';
import './legal.css';

export interface LegalPageProps {
  document: LegalDocument;
  other: { to: string; label: string };
}

/** A readable legal document: title, date, sections, and a link to the other document. */
export function LegalPage({ document: doc, other }: LegalPageProps) {
  useDocumentTitle(doc.documentTitle);
  return (
    <div className="pj-page pj-legal">
      <PublicHeader backLabel={t.backHome} className="pj-legal__header" />
      <main className="pj-legal__main">
        <article>
          <h1>{doc.title}</h1>
          <p className="pj-legal__updated">{doc.updated}</p>
          <p>{doc.intro}</p>
          {doc.sections.map((section) => (
            <section key={section.heading}>
              <h2>{section.heading}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
          ))}
        </article>
        <p className="pj-legal__other">
          <Link to={other.to}>{other.label}</Link>
        </p>
      </main>
    </div>
  );
}

export function TermsPage() {
  return <LegalPage document={terms} other={{ to: '/privacy', label: t.seeAlso.privacy }} />;
}

export function PrivacyPage() {
  return <LegalPage document={privacy} other={{ to: '/terms', label: t.seeAlso.terms }} />;
}
