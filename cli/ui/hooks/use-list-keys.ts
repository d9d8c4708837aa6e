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
  /** Where the cursor starts (a menu the user comes back to keeps its place). */
  initialCursor?: number;
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

/** Arrows, Page Up/Down, Home and End move the cursor; answers whether the key was one of them. */
function movementKey(key: Key, moveBy: (delta: number) => void, moveTo: (to: number) => void, last: number): boolean {
  if (key.upArrow) moveBy(-1);
  else if (key.downArrow) moveBy(1);
  else if (key.pageUp) moveBy(-10);
  else if (key.pageDown) moveBy(10);
  else if (key.home) moveTo(0);
  else if (key.end) moveTo(last);
  else return false;
  return true;
}

/**
 * Keys that arrived together (`jjjj` typed fast, or pasted) each count; after a `/` the rest is filter text.
 * `plainKey` answers whether the keys after it are filter text.
 */
function eachKey(
  input: string,
  key: Key,
  plainKey: (input: string, key: Key) => boolean,
  addFilter: (text: string) => void,
): void {
  const chars = [...input];
  for (let i = 0; i < chars.length; i++) {
    if (plainKey(chars[i], key)) {
      const rest = chars.slice(i + 1).join('');
      if (rest) addFilter(rest);
      return;
    }
  }
}

/** The shown items (filtered, ranked) and the cursor kept inside them. */
function useShownItems<T>(options: ListKeysOptions<T>, filter: string) {
  const { items, matches, rank } = options;
  const [cursorState, setCursor] = useState(options.initialCursor ?? 0);
  const needle = filter.toLowerCase();
  const matching = needle === '' ? items : items.filter((item) => matches(item, needle));
  const shown = needle === '' || !rank ? matching : rankStable(matching, (item) => rank(item, needle));
  const cursor = Math.max(0, Math.min(cursorState, shown.length - 1));
  const last = shown.length - 1;
  const clamp = (n: number) => Math.max(0, Math.min(n, last));
  // Functional updates, so keys that arrive before the next render still add up.
  const moveBy = (delta: number) => setCursor((c) => clamp(clamp(c) + delta));
  const moveTo = (to: number) => setCursor(clamp(to));
  return { shown, cursor, current: shown[cursor], last, moveBy, moveTo, setCursor };
}

/**
 * The keys every list shares: arrows and j/k move, Home/End jump, Enter selects, `/` starts a filter that typing
 * narrows, Esc clears the filter first and cancels after.
 */
export function useListKeys<T>(options: ListKeysOptions<T>): ListKeysState<T> {
  const { isActive = true, onSelect, onCancel, onKey, enterEndsFilter = false, typeToFilter = false } = options;
  const [filter, setFilter] = useState(options.initialFilter ?? '');
  const [filteringState, setFiltering] = useState(typeToFilter);
  const filtering = typeToFilter || filteringState;
  const { shown, cursor, current, last, moveBy, moveTo, setCursor } = useShownItems(options, filter);
  const addFilter = (text: string) => {
    setFilter((f) => f + text);
    setCursor(0);
  };

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
  const enter = () => {
    setFiltering(false);
    if (filtering && enterEndsFilter) return;
    if (current !== undefined) onSelect?.(current);
  };
  const escape = () => {
    if (filter === '' && !(filtering && !typeToFilter)) return onCancel?.();
    setFilter('');
    setFiltering(false);
  };
  const filterKey = (input: string, key: Key) => {
    if (key.backspace || key.delete) setFilter((f) => f.slice(0, -1));
    else if (input && !key.ctrl && !key.meta && !key.tab) addFilter(input);
  };

  useInput(
    (input, key) => {
      if (movementKey(key, moveBy, moveTo, last)) return;
      if (key.return) enter();
      else if (key.escape) escape();
      else if (filtering) filterKey(input, key);
      else if (key.ctrl || key.meta || input.length <= 1) plainKey(input, key);
      else eachKey(input, key, plainKey, addFilter);
    },
    { isActive },
  );

  return { shown, cursor, filter, filtering, current };
}
