import { useEffect, useRef, useState } from 'react';
import { Box, Text, useInput } from 'ink';
import type { CacheMap } from '../../../../shared/contract/cache-map.js';
import { Screen } from '../../components/Screen.js';
import { Spinner } from '../../components/Spinner.js';
import { ErrorBox } from '../../components/ErrorBox.js';
import { useRequest } from '../../hooks/use-request.js';
import { useInterval } from '../../hooks/use-interval.js';
import { useTerminalRows } from '../../hooks/use-terminal-width.js';
import { theme } from '../../theme.js';
import { mapLines, type MapLine } from './map-lines.js';

export interface CacheMapProps {
  load: () => Promise<CacheMap>;
  /**
   * Follows the daemon's change stream (GET caches/events): `onChange` on each change, resolving when the stream
   * ends. With it the map is read again when the daemon says it changed; without it, every `refreshMs`.
   */
  watch?: (onChange: () => void, signal: AbortSignal) => Promise<void>;
  /** How often the map is read again when nothing is pushed (no `watch`, or while its stream is down). */
  refreshMs?: number;
  now?: () => number;
  onBack: () => void;
  onQuit?: () => void;
  width?: number;
  /** The terminal's height (default: the terminal's own, else 24). */
  rows?: number;
}

const KEYS = [
  { keys: '↑↓ j/k', does: 'scroll' },
  { keys: 'r', does: 'refresh now' },
  { keys: 'Esc', does: 'back' },
  { keys: 'q', does: 'quit' },
];

/** Rows around the map: title, margins, the ↑/↓ markers, the key bar. */
const FRAME = 7;

/**
 * The live CDN map in the terminal (issue 33): the caches' health counts, the purges of the last day with MID then
 * EDGE progress, and the cache-group tree with each cache coloured by health, its check-in age and pending work.
 */
export function CacheMapScreen({
  load,
  watch,
  refreshMs = 2000,
  now = Date.now,
  onBack,
  onQuit,
  width = 80,
  rows,
}: CacheMapProps) {
  const map = useRequest(load);
  const [help, setHelp] = useState(false);
  const pushed = usePushedReload(watch, map.reload);
  useInterval(map.reload, pushed ? 0 : refreshMs);
  const lines = map.data ? mapLines(map.data, width, now()) : [];
  const terminalRows = useTerminalRows();
  const height = Math.max(5, (rows ?? terminalRows ?? 24) - FRAME);
  const [offset, setOffset] = useState(0);
  const last = Math.max(0, lines.length - height);
  const top = Math.min(offset, last);
  useInput((input, key) => {
    if (key.escape) onBack();
    else if (input === 'q') onQuit?.();
    else if (input === 'r') map.reload();
    else if (input === '?') setHelp((h) => !h);
    else if (key.upArrow || input === 'k') setOffset(Math.max(0, top - 1));
    else if (key.downArrow || input === 'j') setOffset(Math.min(last, top + 1));
  });
  const shown = lines.slice(top, top + height);
  return (
    <Screen path={['Caches']} bindings={KEYS} showHelp={help} width={width}>
      {map.error && !map.data ? <ErrorBox message={map.error} title="Could not read the map" /> : null}
      {!map.data && !map.error ? <Spinner label="Reading the map…" /> : null}
      {top > 0 ? <Text color={theme.muted}>↑ {top} more</Text> : null}
      <Box flexDirection="column">
        {shown.map((line: MapLine) => (
          <Text key={line.key} color={line.color} bold={line.bold} wrap="truncate">
            {line.text}
          </Text>
        ))}
      </Box>
      {top + height < lines.length ? <Text color={theme.muted}>↓ {lines.length - top - height} more</Text> : null}
    </Screen>
  );
}

/** How long to wait before following the stream again once it ended or failed. */
const REWATCH_MS = 2000;

/**
 * Follows `watch` while mounted, calling `reload` on each change; answers whether the stream is up (the screen
 * then stops polling). A stream that ends (the daemon closes it after some minutes) or fails is followed again.
 */
function usePushedReload(watch: CacheMapProps['watch'], reload: () => void): boolean {
  const [up, setUp] = useState(false);
  const saved = useRef(reload);
  saved.current = reload;
  useEffect(() => {
    if (!watch) return;
    const stop = new AbortController();
    void (async () => {
      while (!stop.signal.aborted) {
        await watch(() => {
          setUp(true);
          saved.current();
        }, stop.signal).catch(() => undefined);
        setUp(false);
        await new Promise((resolve) => setTimeout(resolve, REWATCH_MS));
      }
    })();
    return () => stop.abort();
  }, [watch]);
  return up;
}
