import { useEffect, useState } from 'react';
import { useStdout } from 'ink';

/** The terminal's width in columns, following resizes (80 when the output is not a terminal). */
export function useTerminalWidth(): number {
  const { stdout } = useStdout();
  const [columns, setColumns] = useState(stdout.columns || 80);
  useEffect(() => {
    const onResize = () => setColumns(stdout.columns || 80);
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return columns;
}

/** The terminal's height in rows, following resizes (undefined when the output is not a terminal). */
export function useTerminalRows(): number | undefined {
  const { stdout } = useStdout();
  const [rows, setRows] = useState<number | undefined>(stdout.rows || undefined);
  useEffect(() => {
    const onResize = () => setRows(stdout.rows || undefined);
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return rows;
}

/** Rows a screen's frame takes around a list: title, margins, the table header, ↑/↓ markers, the key bar. */
export const FRAME_ROWS = 8;

/**
 * How many rows of a list fit: the terminal's height less the frame and `extra` lines of the screen's own
 * (at least 5), or `fallback` when the height is unknown.
 */
export function useListRows(extra = 0, fallback = 15): number {
  const rows = useTerminalRows();
  return rows === undefined ? fallback : Math.max(5, rows - FRAME_ROWS - extra);
}
