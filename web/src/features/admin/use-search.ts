import { useState } from 'react';
import { useDebouncedValue } from '../../shared/lib/use-debounced-value';
import { ADMIN_SEARCH_DELAY_MS } from './admin.texts';

/** A search box's text now, and the trimmed text once typing paused (what the server is asked for). */
export function useSearch() {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), ADMIN_SEARCH_DELAY_MS);
  return { text, setText, q };
}
