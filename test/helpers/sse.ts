import { request, type ClientRequest, type IncomingMessage } from 'node:http';

/** One server-sent event as received. */
export interface SseEvent {
  id: string | null;
  event: string;
  data: string;
}

export interface EventStream {
  /** The answer's status and headers. */
  response: IncomingMessage;
  /** Every event received so far, in order. */
  events: SseEvent[];
  /** How many keep-alive comments arrived. */
  comments(): number;
  /** The first event after the `from`-th that satisfies `match` (waits for it, up to `ms`). */
  next(match: (e: SseEvent) => boolean, from?: number, ms?: number): Promise<SseEvent>;
  /** Whether the server ended the stream. */
  ended(): boolean;
  close(): void;
}

/** Splits the stream's text into events (blank-line separated blocks of `field: value` lines). */
function parseBlocks(buffer: string, onEvent: (e: SseEvent) => void, onComment: () => void): string {
  let rest = buffer;
  for (let end = rest.indexOf('\n\n'); end >= 0; end = rest.indexOf('\n\n')) {
    const block = rest.slice(0, end);
    rest = rest.slice(end + 2);
    const event: SseEvent = { id: null, event: 'message', data: '' };
    let fields = 0;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const [name, value] = colon < 0 ? [line, ''] : [line.slice(0, colon), line.slice(colon + 1).replace(/^ /, '')];
      fields++;
      if (name === 'event') event.event = value;
      else if (name === 'id') event.id = value;
      else if (name === 'data') event.data = event.data ? `${event.data}\n${value}` : value;
    }
    if (fields === 0) onComment();
    else onEvent(event);
  }
  return rest;
}

/** Opens `url` as an event stream (Accept: text/event-stream) with `headers`; resolves once the answer's head is in. */
export function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    let req: ClientRequest | null = null;
    req = request(url, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      const events: SseEvent[] = [];
      let comments = 0;
      let ended = false;
      let buffer = '';
      const waiters = new Set<() => void>();
      const wake = () => waiters.forEach((w) => w());
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer = parseBlocks(
          buffer + chunk,
          (e) => events.push(e),
          () => comments++,
        );
        wake();
      });
      response.on('end', () => {
        ended = true;
        wake();
      });
      response.on('error', () => undefined);
      resolve({
        response,
        events,
        comments: () => comments,
        ended: () => ended,
        next(match, from = 0, ms = 10_000) {
          return new Promise((done, fail) => {
            const check = () => {
              const found = events.slice(from).find(match);
              if (found) {
                waiters.delete(check);
                clearTimeout(timer);
                done(found);
              } else if (ended) {
                waiters.delete(check);
                clearTimeout(timer);
                fail(new Error(`the stream ended before the event came (${events.length} events)`));
              }
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no such event within ${ms} ms (${events.map((e) => e.event).join(', ')})`));
            }, ms);
            waiters.add(check);
            check();
          });
        },
        close() {
          req?.destroy();
          response.destroy();
        },
      });
    });
    req.on('error', reject);
    req.end();
  });
}
