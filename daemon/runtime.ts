import { setFlagsFromString } from 'node:v8';
import { logLevel, type LogLevel } from './edge/access-log.js';

/**
 * Settings of a process that is about to run the daemon (the background process, or `daemon start
 * --foreground`), read from its environment: the log level (CDNCTL_LOG_LEVEL). Throws on an unknown level.
 *
 * It also keeps V8's young generation at its initial size. V8 grows it (up to 2 × 16 MB) after a burst of
 * allocation, such as reading and serializing 10,000 origins once, and keeps it grown: the daemon then holds
 * some 30 MB more for the rest of its life. Requests served from the cache allocate little, so the initial size
 * serves them as fast.
 */
export function prepareDaemonProcess(env: NodeJS.ProcessEnv): { logLevel: LogLevel } {
  const level = logLevel(env.CDNCTL_LOG_LEVEL);
  setFlagsFromString('--semi-space-growth-factor=1');
  return { logLevel: level };
}
