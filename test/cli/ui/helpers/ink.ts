// Drives Ink screens rendered by ink-testing-library: key codes, and waiting for the screen to settle.

export const KEY = {
  up: '\u001B[A',
  down: '\u001B[B',
  enter: '\r',
  esc: '\u001B',
  tab: '\t',
  backspace: '\u007F',
  space: ' ',
} as const;

/** Lets pending input, effects and renders run (Ink flushes a lone Esc on setImmediate). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 4; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

interface Writable {
  write: (data: string) => void;
}

/** Writes each key separately, as a terminal would, letting the screen settle after each. */
export async function press(stdin: Writable, ...keys: string[]): Promise<void> {
  await settle();
  for (const key of keys) {
    stdin.write(key);
    await settle();
  }
}

/** Types text in one write, as a fast typist or a paste arrives (Ink hands it over as one input). */
export async function type(stdin: Writable, text: string): Promise<void> {
  await press(stdin, text);
}

/** Polls until the last frame satisfies `check` (a substring or a predicate); fails with the frame at the deadline. */
export async function waitForFrame(
  lastFrame: () => string | undefined,
  check: string | ((frame: string) => boolean),
  timeoutMs = 3000,
): Promise<string> {
  const test = typeof check === 'string' ? (frame: string) => frame.includes(check) : check;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const frame = lastFrame() ?? '';
    if (test(frame)) return frame;
    if (Date.now() > deadline) {
      throw new Error(
        `the screen never showed ${typeof check === 'string' ? JSON.stringify(check) : 'what was expected'}; last frame:\n${frame}`,
      );
    }
    await new Promise<void>((resolve) => setTimeout(resolve, 5));
  }
}
