#!/usr/bin/env node
// One load case in its own process, so the load generator never shares an event loop with the harness.
// argv[2]: JSON { url, method?, headers?, body?, connections, duration, warmup, overallRate?, amount?, ticks?,
// purgeBody?, logins? }. Prints one JSON line on stdout: { requests, reqPerSec, p50, p99, max, errors, non2xx,
// statusCodes, seconds, startedAt, endedAt, ticks? } (ticks: completed requests per second, with epoch ms).
import autocannon from 'autocannon';

const spec = JSON.parse(process.argv[2]);

/** POST jobs: every request purges a different regex (of the usual shape), so the daemon stores distinct jobs. */
function purgeRequests(base) {
  return [
    {
      setupRequest(request, context) {
        context.n = (context.n ?? 0) + 1;
        const regex = `/bench/${process.pid}-${Date.now()}-${context.n}/.*\\.png`;
        return { ...request, body: JSON.stringify({ ...base, regex }) };
      },
    },
  ];
}

let clients = 0;

/**
 * POST user/login: requests take turns over `logins.usernames`, all with `logins.password`. With
 * `logins.forwardedFor`, each connection is a client of its own behind the (trusted) loopback proxy: it names its
 * own address in X-Forwarded-For (10.77.x.y), as many users logging in through one reverse proxy do, so the
 * daemon's per-address bound on logins in flight applies per simulated client, not to the whole load.
 */
function loginRequests({ usernames, password, forwardedFor }) {
  return [
    {
      setupRequest(request, context) {
        context.n = (context.n ?? Math.floor(Math.random() * usernames.length)) + 1;
        if (forwardedFor && context.address === undefined) {
          const n = ++clients;
          context.address = `10.77.${Math.floor(n / 250)}.${(n % 250) + 1}`;
        }
        const headers = forwardedFor ? { ...request.headers, 'x-forwarded-for': context.address } : request.headers;
        return {
          ...request,
          headers,
          body: JSON.stringify({ u: usernames[context.n % usernames.length], p: password }),
        };
      },
    },
  ];
}

const options = {
  url: spec.url,
  method: spec.method ?? 'GET',
  headers: spec.headers ?? {},
  body: spec.body,
  connections: spec.connections,
  duration: spec.duration,
  overallRate: spec.overallRate,
  amount: spec.amount,
  requests: spec.purgeBody ? purgeRequests(spec.purgeBody) : spec.logins ? loginRequests(spec.logins) : undefined,
  warmup: spec.warmup > 0 ? { connections: spec.connections, duration: spec.warmup } : undefined,
  timeout: 30,
};

const startedAt = Date.now();
const ticks = [];
const instance = autocannon(options);
if (spec.ticks) instance.on('tick', ({ counter }) => ticks.push({ at: Date.now(), requests: counter }));
const result = await instance;
const endedAt = Date.now();
const statusCodes = {};
for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = Number(count);
const seconds = result.duration;
process.stdout.write(
  `${JSON.stringify({
    requests: result.requests.total,
    warmupRequests: result.warmup?.requests?.total ?? 0,
    reqPerSec: seconds > 0 ? result.requests.total / seconds : 0,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.non2xx,
    non2xx: result.non2xx,
    connectionErrors: result.errors,
    statusCodes,
    seconds,
    cpuSeconds: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
    startedAt,
    endedAt,
    ...(spec.ticks ? { ticks } : {}),
  })}\n`,
);
