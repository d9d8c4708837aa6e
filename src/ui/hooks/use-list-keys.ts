import { useState } from 'react';
import { useInput, type Key } from 'ink';

export interface ListKeysOptions<T> {
  items: T[];
  /** Whether an item matches the text typed after `/` (already lower-cased). */
  matches: (item: T, filter: string) => boolean;
  /** How well a matching item matches (lower first); matches are shown best first, in list order among equals. */
  rank?: (item: T, filter: string) => number;
  isActive?: boolean;
  onSelect?: (item: T) => void;
  /** Esc with no filter left to clear. */
  onCancel?: () => void;
  /** Keys the list does not use, with the item under the cursor (undefined when the list is empty). */
  onKey?: (input: string, key: Key, current: T | undefined) => void;
  /** Enter while typing a filter only ends the filter (for lists where Enter means "done", not "this one"). */
  enterEndsFilter?: boolean;
  /** Type-to-filter: every printable key is filter text from the start (pickers); Esc clears it, then cancels. */
  typeToFilter?: boolean;
  /** The filter text to start with (a picker opened by typing its first letters). */
  initialFilter?: string;
}

export interface ListKeysState<T> {
  shown: T[];
  cursor: number;
  filter: string;
  filtering: boolean;
  current: T | undefined;
}

/** The items ordered by rank, keeping their order among equal ranks. */
function rankStable<T>(items: T[], rankOf: (item: T) => number): T[] {
  return items
    .map((item, index) => ({ item, index, rank: rankOf(item) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ item }) => item);
}

/**
 * The keys every list shares: arrows and j/k move, Home/End jump, Enter selects, `/` starts a filter that typing
 * narrows, Esc clears the filter first and cancels after.
 */
export function useListKeys<T>(options: ListKeysOptions<T>): ListKeysState<T> {
  const { items, matches, rank, isActive = true, onSelect, onCancel, onKey, enterEndsFilter = false, typeToFilter = false } = options;
  const [cursorState, setCursor] = useState(0);
  const [filter, setFilter] = useState(options.initialFilter ?? '');
  const [filteringState, setFiltering] = useState(typeToFilter);
  const filtering = typeToFilter || filteringState;
  const needle = filter.toLowerCase();
  const matching = needle === '' ? items : items.filter((item) => matches(item, needle));
  const shown = needle === '' || !rank ? matching : rankStable(matching, (item) => rank(item, needle));
  const cursor = Math.max(0, Math.min(cursorState, shown.length - 1));
  const current = shown[cursor];
  const last = shown.length - 1;
  const clamp = (n: number) => Math.max(0, Math.min(n, last));
  // Functional updates, so keys that arrive before the next render still add up.
  const moveBy = (delta: number) => setCursor((c) => clamp(clamp(c) + delta));
  const moveTo = (to: number) => setCursor(clamp(to));

  // One printable key, outside a filter: j/k move, `/` starts filtering, the rest go to onKey. Answers whether
  // the keys after it are filter text now.
  const plainKey = (input: string, key: Key): boolean => {
    if (input === 'j') moveBy(1);
    else if (input === 'k') moveBy(-1);
    else if (input === '/') {
      setFiltering(true);
      return true;
    } else onKey?.(input, key, current);
    return false;
  };

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
        if (filter !== '' || (filtering && !typeToFilter)) {
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
      if (key.ctrl || key.meta || input.length <= 1) {
        plainKey(input, key);
        return;
      }
      // Keys that arrived together (`jjjj` typed fast, or pasted) each count; after a `/` the rest is filter text.
      const chars = [...input];
      for (let i = 0; i < chars.length; i++) {
        if (plainKey(chars[i], key)) {
          const rest = chars.slice(i + 1).join('');
          if (rest) {
            setFilter((f) => f + rest);
            setCursor(0);
          }
          return;
        }
      }
    },
    { isActive },
  );

  return { shown, cursor, filter, filtering, current };
}
