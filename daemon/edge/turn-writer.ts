import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

interface Queued {
  res: ServerResponse;
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  written: (() => void) | undefined;
}

/**
 * Writes the answers chosen during one turn of the event loop together, at its end (setImmediate), rather than
 * each as soon as it is ready. A client on the same host (a proxy in front of the daemon, a cache, a load
 * generator) sleeps until its socket is readable, and each write that finds it asleep pays the kernel's wake-up
 * of it; answers written back to back find it awake after the first. Under load a turn holds many answers and
 * each costs less; alone, an answer waits only for the turn it was chosen in to end.
 */
export class TurnWriter {
  private queued: Queued[] = [];

  /** Queues `body` as the answer on `res`; `written` runs once it is handed to the socket. */
  write(res: ServerResponse, status: number, headers: OutgoingHttpHeaders, body: Buffer, written?: () => void): void {
    if (this.queued.push({ res, status, headers, body, written }) === 1) setImmediate(() => this.flush());
  }

  private flush(): void {
    const answers = this.queued;
    this.queued = [];
    for (const answer of answers) {
      answer.res.writeHead(answer.status, answer.headers);
      answer.res.end(answer.body);
      answer.written?.();
    }
  }
}
