import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { tabAfterKey, withVisited } from './tabs-keys';
import './tabs.css';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
  children: ReactNode;
}

export interface TabsProps<K extends string> {
  items: readonly TabItem<K>[];
  activeKey: K;
  /** Called with a tab other than the open one: a click, or the arrow, Home and End keys. */
  onChange: (key: K) => void;
  /** Names the tab list for screen readers. */
  'aria-label'?: string;
  className?: string;
  /**
   * Only the open tab's panel is rendered. By default a panel stays mounted, hidden, once its tab has
   * been opened, so that its state, its scroll and its queries survive a switch.
   */
  destroyOnHidden?: boolean;
}

/**
 * Tabs as the WAI-ARIA tabs pattern describes them: one tab in the page's Tab order (the open one),
 * the arrow keys move between tabs (wrapping), Home and End go to the first and last, and a tab
 * opens as soon as it takes the focus. antd's Tabs measured every tab after its first render to
 * place its ink bar and overflow menu, a forced layout of the whole page on every page with tabs;
 * these never read the layout: the underline is drawn by the open tab itself, and a list wider
 * than the screen scrolls (tabs.css).
 */
export function Tabs<K extends string>(props: TabsProps<K>) {
  const { items, activeKey, onChange, className, destroyOnHidden = false } = props;
  const id = useId();
  const buttons = useRef(new Map<K, HTMLButtonElement>());
  const [visited, setVisited] = useState<readonly K[]>(() => [activeKey]);
  const seen = withVisited(visited, activeKey);
  // React's pattern for state that follows a prop: set during render, before any child renders.
  if (seen !== visited) setVisited(seen);

  const tabId = (key: K) => `${id}-tab-${key}`;
  const panelId = (key: K) => `${id}-panel-${key}`;
  const open = (key: K) => {
    if (key !== activeKey) onChange(key);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = items.findIndex((item) => item.key === activeKey);
    const next = tabAfterKey(event.key, current, items.length);
    if (next === undefined) return;
    event.preventDefault();
    const key = items[next]!.key;
    buttons.current.get(key)?.focus();
    open(key);
  };

  return (
    <div className={className ? `pj-tabs ${className}` : 'pj-tabs'}>
      <div role="tablist" aria-label={props['aria-label']} className="pj-tabs__list" onKeyDown={onKeyDown}>
        {items.map(({ key, label }) => {
          const selected = key === activeKey;
          return (
            <button
              key={key}
              ref={(button) => {
                if (button) buttons.current.set(key, button);
                else buttons.current.delete(key);
              }}
              type="button"
              role="tab"
              id={tabId(key)}
              aria-selected={selected}
              aria-controls={panelId(key)}
              tabIndex={selected ? 0 : -1}
              className="pj-tabs__tab"
              onClick={() => open(key)}
            >
              {label}
            </button>
          );
        })}
      </div>
      {items.map(({ key, children }) => {
        const selected = key === activeKey;
        const rendered = selected || (!destroyOnHidden && seen.includes(key));
        // Every tab's panel is in the page, empty until first opened, so that aria-controls always
        // names an element.
        return (
          <div
            key={key}
            role="tabpanel"
            id={panelId(key)}
            aria-labelledby={tabId(key)}
            tabIndex={0}
            hidden={!selected}
            className="pj-tabs__panel"
          >
            {rendered && children}
          </div>
        );
      })}
    </div>
  );
}
