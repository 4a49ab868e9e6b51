import { App, Button, Skeleton } from 'antd';
import { useState } from 'react';
import { failureMessage, toApiFailure } from '../../api/api-error';
import { Icon } from '../../shared/ui/Icon';
import { QueryError } from '../../shared/ui/LoadError';
import { Tabs } from '../../shared/ui/Tabs';
import { useDocumentTitle } from '../../shared/lib/use-document-title';
import { useCurrentUser } from '../../shared/session';
import { useTab } from '../../shared/lib/use-tab';
import { NotFoundPage } from '../../shared/ui/NotFoundPage';
import { AddItemDialog } from './components/AddItemDialog';
import { CredentialsSection } from './components/CredentialsSection';
import { EditItemDialog } from './components/EditItemDialog';
import { PortfolioCard } from './components/PortfolioCard';
import { useDeletePortfolioItemMutation, useGetMyPortfolioQuery, type PortfolioItem } from './portfolio.api';
import { PLACEHOLDER_CARDS, portfolioTabs, portfolioTexts as t, type PortfolioTab } from './portfolio.texts';
import { PageHeader } from '../../shared/ui/PageHeader';
import { CardList } from '../../shared/ui/CardList';
import './portfolio.css';
import { confirmDanger } from '../../shared/lib/confirm-danger';

/** Prototype spec §2: the Pending tab also holds the items under review. */
const inTab: Record<PortfolioTab, (item: PortfolioItem) => boolean> = {
  all: () => true,
  verified: (item) => item.verificationStatus === 'verified',
  pending: (item) => item.verificationStatus === 'pending' || item.verificationStatus === 'under_review',
};

/** /portfolio (students): the items that prove their skills, with their verification. */
export function PortfolioPage() {
  const user = useCurrentUser();
  if (user.role !== 'student') return <NotFoundPage embedded />;
  return <StudentPortfolio />;
}

function StudentPortfolio() {
  useDocumentTitle(t.documentTitle);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<PortfolioItem | null>(null);
  const [tab, setTab] = useTab(portfolioTabs);
  const query = useGetMyPortfolioQuery(undefined);
  const { data, error, isLoading, isFetching, refetch } = query;

  let body;
  if (isLoading) {
    body = <Placeholders />;
  } else if (!data) {
    body = <QueryError title={t.loadError} query={{ error, isFetching, refetch }} retryLabel={t.retry} />;
  } else if (data.items.length === 0) {
    body = (
      <div className="pj-card pj-empty pj-portfolio__empty">
        <span className="pj-portfolio__empty-icon" aria-hidden="true">
          <Icon name="folder" size={32} />
        </span>
        <h2 className="pj-empty__title">{t.empty.title}</h2>
        <p className="pj-empty__body">{t.empty.body}</p>
        <Button type="primary" icon={<Icon name="plus" size={16} />} onClick={() => setAdding(true)}>
          {t.empty.cta}
        </Button>
      </div>
    );
  } else {
    body = (
      <Tabs
        activeKey={tab}
        onChange={setTab}
        aria-label={t.tabsLabel}
        items={portfolioTabs.map((key) => ({
          key,
          label: t.tabs[key],
          children: <ItemGrid tab={key} items={data.items.filter(inTab[key])} onEdit={setEditing} />,
        }))}
      />
    );
  }

  return (
    <div className="pj-portfolio">
      <PageHeader
        title={t.title}
        lead={t.lead}
        className="pj-portfolio__header"
        actions={
          <Button type="primary" icon={<Icon name="plus" size={16} />} onClick={() => setAdding(true)}>
            {t.add}
          </Button>
        }
      />
      {body}
      <CredentialsSection />
      <AddItemDialog open={adding} onClose={() => setAdding(false)} />
      <EditItemDialog item={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

/** Prototype spec §2: six placeholder cards while loading. */
function Placeholders() {
  return (
    <div role="status">
      <span className="pj-visually-hidden">{t.loading}</span>
      <ul className="pj-portfolio__grid" aria-hidden="true">
        {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
          <li key={index} className="pj-card pj-portfolio-card pj-portfolio-card--placeholder">
            <Skeleton active title paragraph={{ rows: 3 }} />
          </li>
        ))}
      </ul>
    </div>
  );
}

interface ItemGridProps {
  tab: PortfolioTab;
  items: PortfolioItem[];
  onEdit: (item: PortfolioItem) => void;
}

function ItemGrid({ tab, items, onEdit }: ItemGridProps) {
  if (items.length === 0 && tab !== 'all') return <p className="pj-portfolio__tab-empty">{t.emptyTab[tab]}</p>;
  return (
    <CardList items={items} className="pj-portfolio__grid">
      {(item) => <PortfolioCard item={item} actions={<OwnerActions item={item} onEdit={onEdit} />} />}
    </CardList>
  );
}

/** Edit and Delete (with a confirmation: the file goes too). */
function OwnerActions({ item, onEdit }: { item: PortfolioItem; onEdit: (item: PortfolioItem) => void }) {
  const [remove, { isLoading }] = useDeletePortfolioItemMutation();
  const { message, modal, notification } = App.useApp();
  const c = t.card;

  const confirmDelete = () => {
    const texts = { title: c.confirmDelete(item.title), body: c.confirmDeleteBody, ok: c.delete, cancel: c.cancel };
    confirmDanger(modal, texts, async () => {
      try {
        await remove(item.id).unwrap();
        void message.success(c.deleted(item.title));
      } catch (error) {
        const failure = toApiFailure(error);
        notification.error({
          title: c.deleteFailed,
          description: failure.code === 'UNKNOWN_ERROR' ? undefined : failureMessage(failure),
        });
      }
    });
  };

  return (
    <>
      <Button onClick={() => onEdit(item)} aria-label={c.editLabel(item.title)}>
        {c.edit}
      </Button>
      <Button danger onClick={confirmDelete} loading={isLoading} aria-label={c.deleteLabel(item.title)}>
        {c.delete}
      </Button>
    </>
  );
}
