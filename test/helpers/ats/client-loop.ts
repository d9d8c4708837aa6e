import { getVia } from './http-get.js';

/*
 * Clients of a CDN during a change (issue 32): each worker asks the caches in turn for a new path every time (a
 * miss, so that every request crosses every tier to an origin), and every answer is kept. A failed request is one
 * that did not answer 200 (or did not answer at all).
 */

export interface ClientAnswer {
  at: number;
  port: number;
  path: string;
  status: number;
  body: string;
}

export interface ClientLoop {
  answers: ClientAnswer[];
  failures(): ClientAnswer[];
  /** Stops the workers and resolves once each has finished its request. */
  stop(): Promise<ClientAnswer[]>;
}

/** Starts `workers` clients asking `host` through the caches at `ports`, each pausing `pauseMs` between requests. */
export function startClientLoop(ports: readonly number[], host: string, workers = 2, pauseMs = 20): ClientLoop {
  const answers: ClientAnswer[] = [];
  let running = true;
  let n = 0;
  const worker = async () => {
    while (running) {
      const port = ports[n % ports.length] as number;
      const path = `/client-${process.pid}-${n++}`;
      const reply = await getVia(port, host, path).catch((err: Error) => ({ status: 0, body: err.message }));
      answers.push({ at: Date.now(), port, path, status: reply.status, body: reply.body });
      await new Promise((r) => setTimeout(r, pauseMs));
    }
  };
  const done = Promise.all(Array.from({ length: workers }, worker));
  return {
    answers,
    failures: () => answers.filter((a) => a.status !== 200),
    stop: async () => {
      running = false;
      await done;
      return answers;
    },
  };
}
