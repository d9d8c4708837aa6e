import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { CliError, EXIT } from '../errors.js';
import type { HttpClient, Query } from '../../shared/client/http.js';
import { BadResponse } from '../../shared/client/errors.js';
import { isApiVersion, type ApiVersion } from '../../shared/client/types.js';
import { messageOutput } from '../output/format.js';
import type { Invocation } from './common/invocation.js';
import { addVerb } from './common/verb.js';

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
type Method = (typeof METHODS)[number];

/** The parts of an API path as typed: `origins?id=3`, `/origins`, or `/api/1.3/origins` (which also sets the version). */
export function parseApiPath(text: string): { path: string; query: Query; version?: string } {
  const url = new URL(text.startsWith('/') ? text : `/${text}`, 'http://cdnctl.invalid');
  const query: Query = Object.fromEntries(url.searchParams.entries());
  const versioned = /^\/api\/(\d+\.\d+)(\/.*)$/.exec(url.pathname);
  return versioned ? { path: versioned[2], query, version: versioned[1] } : { path: url.pathname, query };
}

/** `--data` as JSON: the text itself, `@FILE`, or `@-` for stdin. */
function parseData(text: string): unknown {
  const source =
    text === '@-' ? readFileSync(0, 'utf8') : text.startsWith('@') ? readFileSync(text.slice(1), 'utf8') : text;
  try {
    return JSON.parse(source);
  } catch (err) {
    throw new CliError(`--data is not JSON: ${(err as Error).message}`, EXIT.USAGE, `example: --data '{"name":"x"}'`);
  }
}

async function runApi(inv: Invocation, [methodText, pathText]: string[], flags: { data?: string }) {
  const method = methodText.toUpperCase() as Method;
  if (!METHODS.includes(method))
    throw new CliError(`method must be one of ${METHODS.join(', ')} (got "${methodText}")`, EXIT.USAGE);
  const { path, query, version } = parseApiPath(pathText);
  if (version !== undefined && !isApiVersion(version))
    throw new CliError(`cdnctl does not speak API ${version}`, EXIT.USAGE);
  const body = flags.data === undefined ? undefined : parseData(flags.data);
  if (body !== undefined && (method === 'GET' || method === 'DELETE'))
    throw new CliError(`${method} takes no --data`, EXIT.USAGE);
  // The stored session when there is one; without, the request goes out as it is (ping, login...).
  const session = await inv.session(inv.server().url);
  const http = await inv.client({
    auth: session !== null,
    version: (version as ApiVersion | undefined) ?? inv.version(),
  });
  if (method === 'GET') return getAnswer(http, path, query, (version as ApiVersion | undefined) ?? inv.version());
  const result =
    method === 'DELETE'
      ? await http.delete(path, query)
      : method === 'POST'
        ? await http.post(path, body, query)
        : await http.put(path, body, query);
  return messageOutput(result.body, JSON.stringify(result.body, null, 2));
}

/** A GET answer: JSON printed as JSON; a text answer (a cache's configuration file) printed as the text it is. */
async function getAnswer(http: HttpClient, path: string, query: Query, version: ApiVersion) {
  try {
    const result = await http.get(path, query);
    return messageOutput(result.body, JSON.stringify(result.body, null, 2));
  } catch (err) {
    if (!(err instanceof BadResponse) || err.status !== 200) throw err;
    const search = new URLSearchParams(
      Object.entries(query).flatMap(([k, v]): Array<[string, string]> => (v === undefined ? [] : [[k, String(v)]])),
    ).toString();
    const raw = await http.raw('GET', `/api/${version}${path}${search ? `?${search}` : ''}`);
    return messageOutput(raw.text, raw.text.replace(/\n$/, ''));
  }
}

/** `cdnctl api METHOD PATH`: any route, with the stored session, the answer printed as JSON (like `gh api`). */
export function registerApi(program: Command): void {
  addVerb<{ data?: string }>(program, {
    name: 'api <method> <path>',
    description: 'Call any API route with the stored session and print the answer as JSON (like gh api)',
    examples: [
      'cdnctl api GET /origins?deliveryservice=3',
      'cdnctl api GET /api/1.2/user/current',
      `cdnctl api POST /user/current/jobs --data '{"dsId":"3","regex":"/a/.*","ttl":24,"startTime":"2026-05-01 00:00:00"}'`,
      'cdnctl api PUT /origins?id=7 --data @origin.json',
    ],
    api: { min: '1.1', preferred: '1.3', newest: '1.5' },
    configure: (c) => c.option('--data <json>', 'request body: JSON text, @FILE, or @- for stdin (POST and PUT)'),
    run: runApi,
  });
}
