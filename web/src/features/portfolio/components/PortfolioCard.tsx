import { Button, Tag } from 'antd';
import { useId, type ReactNode } from 'react';
import { Icon } from '../../../shared/ui/Icon';
import type { PortfolioItem } from '../portfolio.api';
import { formatFileSize } from '../../../shared/lib/format-file-size';
import { portfolioTexts, statusLabel } from '../portfolio.texts';
import './portfolio-card.css';

const t = portfolioTexts.card;

const STATUS_COLORS: Record<string, string> = { verified: 'green', rejected: 'red', pending: 'default' };

/** Prototype spec §4: verified green, pending, rejected, anything else 'Under Review'. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Tag color={STATUS_COLORS[status] ?? 'blue'} className="pj-portfolio-card__status">
      {statusLabel(status)}
    </Tag>
  );
}

/** GET /api/portfolios/:id/file: the owner, admins and employers the student applied to may open it. */
export const fileHref = (item: Pick<PortfolioItem, 'id'>) => `/api/portfolios/${encodeURIComponent(item.id)}/file`;

export interface PortfolioCardProps {
  item: PortfolioItem;
  /** What may be done with the item here: Edit and Delete for its owner, Verify and Reject for a reviewer. */
  actions?: ReactNode;
}

/**
 * One portfolio item (prototype spec §2): title, status badge, skill and level, description, file
 * name and size, 'View File' in a new tab, and the review notes when there are any.
 */
export function PortfolioCard({ item, actions }: PortfolioCardProps) {
  const id = useId();
  const reviewer = item.verifiedBy
    ? [`${item.verifiedBy.firstName} ${item.verifiedBy.lastName}`.trim(), item.verifiedBy.company]
        .filter(Boolean)
        .join(', ')
    : '';

  return (
    <article className="pj-card pj-portfolio-card" aria-labelledby={`${id}-title`}>
      <header className="pj-portfolio-card__head">
        <h3 id={`${id}-title`} className="pj-portfolio-card__title">
          {item.title}
        </h3>
        <StatusBadge status={item.verificationStatus} />
      </header>
      <p className="pj-portfolio-card__skill">
        <span className="pj-visually-hidden">{t.skill}: </span>
        <strong>{item.userSkill.skill.name}</strong> · {item.userSkill.proficiencyLevel}
      </p>
      <p className="pj-portfolio-card__description">{item.description}</p>
      <div className="pj-portfolio-card__file">
        <Icon name="file" size={18} />
        <span className="pj-visually-hidden">{t.file}: </span>
        <span className="pj-portfolio-card__file-name">{item.fileName}</span>
        <span className="pj-portfolio-card__file-size">{formatFileSize(item.fileSize)}</span>
      </div>
      {item.verificationNotes && (
        <div className="pj-portfolio-card__notes">
          <p className="pj-portfolio-card__notes-title">{t.notes}</p>
          <p className="pj-portfolio-card__notes-text">{item.verificationNotes}</p>
          {reviewer && <p className="pj-portfolio-card__reviewer">{t.reviewedBy(reviewer)}</p>}
        </div>
      )}
      <footer className="pj-portfolio-card__foot">
        <Button
          href={fileHref(item)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t.viewFileLabel(item.title)}
        >
          {t.viewFile}
        </Button>
        {actions}
      </footer>
    </article>
  );
}
