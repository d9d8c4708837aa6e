import { useEffect, useState } from 'react';
import { Text } from 'ink';
import { theme } from '../theme.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

export interface SpinnerProps {
  label: string;
  /** Milliseconds between frames. */
  interval?: number;
}

/** A turning mark and what is being waited for. */
export function Spinner({ label, interval = 80 }: SpinnerProps) {
  const [frame, setFrame] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setFrame((f) => (f + 1) % FRAMES.length), interval);
    return () => clearInterval(timer);
  }, [interval]);
  return (
    <Text>
      <Text color={theme.accent}>{FRAMES[frame]}</Text>
      {` ${label}`}
    </Text>
  );
}
