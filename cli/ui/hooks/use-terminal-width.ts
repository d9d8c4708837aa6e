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
