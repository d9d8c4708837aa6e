import { useEffect, useRef } from 'react';

/** Calls `tick` every `ms` milliseconds while mounted (not at all when `ms` is 0 or less). */
export function useInterval(tick: () => void, ms: number): void {
  const saved = useRef(tick);
  saved.current = tick;
  useEffect(() => {
    if (ms <= 0) return;
    const timer = setInterval(() => saved.current(), ms);
    return () => clearInterval(timer);
  }, [ms]);
}
