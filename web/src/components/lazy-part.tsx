import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

/** A component whose module loads when it first renders; `preload` starts that earlier (a trigger's hover or focus). */
export type LazyPart<P> = ((props: P) => ReactNode) & { preload: () => void };

/**
 * A part of a page that only a click or a rare event shows (a dialog, a drawer, an error state): its
 * module, and the antd components only it uses, stay out of the JavaScript every first visit downloads
 * and runs. It shows `fallback` (nothing by default) while its module loads.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): LazyPart<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () => (loading ??= load().then((component) => ({ default: component })));
  const Loaded = lazy(start);
  const Part = (props: P) => (
    <Suspense fallback={fallback}>
      <Loaded {...props} />
    </Suspense>
  );
  return Object.assign(Part, { preload: () => void start() });
}

/**
 * `lazyPart` for a dialog or drawer with an `open` prop: nothing until it first opens, then it stays
 * mounted, so that it closes with its animation and gives the focus back to its trigger as before.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  const Part = lazyPart(load);
  const Dialog = (props: P) => {
    const [opened, setOpened] = useState(props.open);
    // Set during render (React's pattern for state derived from props): no empty render in between.
    if (props.open && !opened) setOpened(true);
    return opened ? <Part {...props} /> : null;
  };
  return Object.assign(Dialog, { preload: Part.preload });
}
