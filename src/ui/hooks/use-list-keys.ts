import { useState } from 'react';
import { useInput, type Key } from 'ink';

export interface ListKeysOptions<T> {
  items: T[];
  /** Whether an item matches the text typed after `/` (already lower-cased). */
  matches: (item: T, filter: string) => boolean;
  isActive?: boolean;
  onSelect?: (item: T) => void;
  /** Esc with no filter left to clear. */
  onCancel?: () => void;
  /** Keys the list does not use, with the item under the cursor (undefined when the list is empty). */
  onKey?: (input: string, key: Key, current: T | undefined) => void;
  /** Enter while typing a filter only ends the filter (for lists where Enter means "done", not "this one"). */
  enterEndsFilter?: boolean;
}

export interface ListKeysState<T> {
  shown: T[];
  cursor: number;
  filter: string;
  filtering: boolean;
  current: T | undefined;
}

/**
 * The keys every list shares: arrows and j/k move, Home/End jump, Enter selects, `/` starts a filter that typing
 * narrows, Esc clears the filter first and cancels after.
 */
export function useListKeys<T>(options: ListKeysOptions<T>): ListKeysState<T> {
  const { items, matches, isActive = true, onSelect, onCancel, onKey, enterEndsFilter = false } = options;
  const [cursorState, setCursor] = useState(0);
  const [filter, setFilter] = useState('');
  const [filtering, setFiltering] = useState(false);
  const needle = filter.toLowerCase();
  const shown = needle === '' ? items : items.filter((item) => matches(item, needle));
  const cursor = Math.max(0, Math.min(cursorState, shown.length - 1));
  const current = shown[cursor];
  const last = shown.length - 1;
  const clamp = (n: number) => Math.max(0, Math.min(n, last));
  // Functional updates, so keys that arrive before the next render still add up.
  const moveBy = (delta: number) => setCursor((c) => clamp(clamp(c) + delta));
  const moveTo = (to: number) => setCursor(clamp(to));

  useInput(
    (input, key) => {
      if (key.upArrow) return moveBy(-1);
      if (key.downArrow) return moveBy(1);
      if (key.pageUp) return moveBy(-10);
      if (key.pageDown) return moveBy(10);
      if (key.home) return moveTo(0);
      if (key.end) return moveTo(last);
      if (key.return) {
        setFiltering(false);
        if (filtering && enterEndsFilter) return;
        if (current !== undefined) onSelect?.(current);
        return;
      }
      if (key.escape) {
        if (filtering || filter !== '') {
          setFilter('');
          setFiltering(false);
          return;
        }
        onCancel?.();
        return;
      }
      if (filtering) {
        if (key.backspace || key.delete) {
          setFilter((f) => f.slice(0, -1));
        } else if (input && !key.ctrl && !key.meta && !key.tab) {
          setFilter((f) => f + input);
          setCursor(0);
        }
        return;
      }
      if (input === 'j') return moveBy(1);
      if (input === 'k') return moveBy(-1);
      if (input === '/') {
        setFiltering(true);
        return;
      }
      onKey?.(input, key, current);
    },
    { isActive },
  );

  return { shown, cursor, filter, filtering, current };
}
