import { App } from 'antd';
import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { lazyPartTexts as t } from './lazy-part.texts';

/** A component whose module loads when it first renders; `preload` starts that earlier (a trigger's hover or focus). */
export type LazyPart<P> = ((props: P) => ReactNode) & { preload: () => void };

/** A part's module that did not load (as opposed to an error of the part itself, left to the page). */
class PartLoadError extends Error {}

/**
 * A part of a page that only a click or a rare event shows (a dialog, a drawer, an error state): its
 * module, and the antd components only it uses, stay out of the JavaScript every first visit downloads
 * and runs. It shows `fallback` (nothing by default) while its module loads. If the module cannot be
 * loaded, a toast says so, the part shows nothing and `onLoadFailure` is called; mounted again, the
 * part asks for its module again (rather than the page giving way to the router's error screen).
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): LazyPart<P & { onLoadFailure?: () => void }> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () =>
    (loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        loading = undefined;
        throw new PartLoadError('A part of the page could not be loaded', { cause: error });
      },
    ));
  // React keeps a lazy component's failure: after one, the next mount gets a new one, which asks again.
  let Loaded: LazyExoticComponent<ComponentType<P>> = lazy(start);
  const Part = ({ onLoadFailure, ...props }: P & { onLoadFailure?: () => void }) => (
    <LoadBoundary
      onFailure={() => {
        Loaded = lazy(start);
        onLoadFailure?.();
      }}
    >
      <Suspense fallback={fallback}>
        <Loaded {...(props as P)} />
      </Suspense>
    </LoadBoundary>
  );
  return Object.assign(Part, { preload: () => void start().catch(() => undefined) });
}

class LoadBoundary extends Component<{ onFailure: () => void; children: ReactNode }, { error?: unknown }> {
  override state: { error?: unknown } = {};

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (!(error instanceof PartLoadError)) return;
    console.error(error);
    this.props.onFailure();
  }

  override render() {
    const { error } = this.state;
    if (error instanceof PartLoadError) return <LoadFailed />;
    if (error) throw error; // the part's own error: the page's to handle, as before
    return this.props.children;
  }
}

function LoadFailed() {
  const { message } = App.useApp();
  useEffect(() => {
    void message.error(t.loadFailed);
  }, [message]);
  return null;
}

/**
 * `lazyPart` for a dialog or drawer with an `open` prop: nothing until it first opens, then it stays
 * mounted, so that it closes with its animation and gives the focus back to its trigger as before. If
 * its module cannot be loaded, it closes (`onClose`), so that opening it again asks again.
 */
export function lazyDialog<P extends { open: boolean; onClose?: () => void }>(
  load: () => Promise<ComponentType<P>>,
): LazyPart<P> {
  const Part = lazyPart(load);
  const Dialog = (props: P) => {
    const [opened, setOpened] = useState(props.open);
    // Set during render (React's pattern for state derived from props): no empty render in between.
    if (props.open && !opened) setOpened(true);
    const failed = () => {
      setOpened(false);
      props.onClose?.();
    };
    return opened ? <Part {...props} onLoadFailure={failed} /> : null;
  };
  return Object.assign(Dialog, { preload: Part.preload });
}
