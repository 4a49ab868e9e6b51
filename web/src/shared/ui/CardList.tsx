import type { ReactNode } from 'react';

export interface CardListProps<T extends { id: string }> {
  items: readonly T[];
  className: string;
  /** An ordered list (`ol`), where the order means something (a ranking). */
  ordered?: boolean;
  /** The card of one item. */
  children: (item: T) => ReactNode;
}

/** Items shown as cards, each in its own list item keyed by the item's id. */
export function CardList<T extends { id: string }>({ items, className, ordered = false, children }: CardListProps<T>) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={className}>
      {items.map((item) => (
        <li key={item.id}>{children(item)}</li>
      ))}
    </List>
  );
}
