import { useSearchParams } from 'react-router-dom';

/**
 * The open tab, kept in `?tab=` so that a link, a reload or the back button lands on it. The first tab
 * is the default and is left out of the address.
 */
export function useTab<T extends string>(tabs: readonly T[]): [T, (tab: T) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = tabs.find((candidate) => candidate === asked) ?? tabs[0]!;
  const setTab = (next: T) => {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === tabs[0]) updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  };
  return [tab, setTab];
}
