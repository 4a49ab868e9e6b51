import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** How long a new page may take to show its heading (its data may still be loading). */
const HEADING_WAIT_MS = 3000;

/** Where focus was put on purpose and must stay: a field being typed in, a dialog. */
const KEEP_FOCUS = 'input, textarea, select, [role="dialog"], [role="dialog"] *';

/**
 * After an in-app navigation to another path, focus moves to the new page's heading, as a full page
 * load would put a screen reader at the top: the next Tab continues from there, not from the link
 * that was clicked. Not on the first load (the browser's own start applies), nor when only the query
 * changes (tabs, filters), nor when something on the new page took the focus itself.
 */
export function usePageFocus(): void {
  const { pathname } = useLocation();
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const deadline = performance.now() + HEADING_WAIT_MS;
    let frame = 0;
    const focusHeading = () => {
      const active = document.activeElement;
      if (active instanceof HTMLElement && active.matches(KEEP_FOCUS)) return;
      const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
      if (!heading) {
        if (performance.now() < deadline) frame = requestAnimationFrame(focusHeading);
        return;
      }
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    };
    frame = requestAnimationFrame(focusHeading);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
