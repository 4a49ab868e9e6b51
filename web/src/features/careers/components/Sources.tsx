import { formatDate } from '../../../shared/lib/format-date';
import type { CareerSource } from '../careers.api';
import { BLS_OOH_URL, careersTexts } from '../careers.texts';

const t = careersTexts;

/** Which engine made the list (the offline catalog ranking or OpenAI), and when. */
export function SourceNote({ source, generatedAt }: { source: CareerSource; generatedAt: string | null }) {
  if (!generatedAt) return null;
  return (
    <p className="pj-career-source">
      {source === 'openai' ? t.source.openai : t.source.catalog} {t.source.generatedAt(formatDate(generatedAt))}
    </p>
  );
}

/** The credit the catalog's salary and outlook figures owe the Bureau of Labor Statistics. */
export function BlsCredit() {
  return (
    <footer className="pj-career-credit">
      <p>
        {t.credit.before}
        <a href={BLS_OOH_URL} target="_blank" rel="noreferrer">
          {t.credit.link}
        </a>
        {t.credit.after}
      </p>
    </footer>
  );
}
