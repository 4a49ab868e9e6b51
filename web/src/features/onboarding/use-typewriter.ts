import { useEffect, useState } from 'react';

export const TYPEWRITER_INTERVAL_MS = 50;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Types `text` out one character every 50 ms while `playing`; starts over when the text changes. With
 * prefers-reduced-motion the whole text shows at once (`animated` is then false).
 */
export function useTypewriter(text: string, playing: boolean): { shown: string; animated: boolean } {
  const [animated] = useState(() => !prefersReducedMotion());
  const [progress, setProgress] = useState({ text, count: 0 });
  const count = progress.text === text ? progress.count : 0;

  useEffect(() => {
    if (!animated || !playing || count >= text.length) return;
    const timer = window.setTimeout(() => setProgress({ text, count: count + 1 }), TYPEWRITER_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [animated, playing, count, text]);

  return { shown: animated ? text.slice(0, count) : text, animated };
}
