/**
 * Replays a golden transcript recorded from Traffic Ops 1.x (test/fixtures/golden/<file>.json) against a fresh daemon
 * loaded with setup.snapshot.json, and compares what the golden README says to compare: status codes, alert levels
 * and texts (comma-separated lists as sets), and key sets. Ids, timestamps and cookie values naturally differ.
 *
 * Where the seed or BEHAVIOR.md decides differently from Traffic Ops, the test file passes a `Difference` for that
 * exchange, naming the rule: it replaces the golden expectation with ours. One rule applies to every file without
 * a listed difference: a request at a version we do not serve (1.6 and above, 2.x, 3.x) answers 501 (BEHAVIOR.md §1).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../daemon/app.js';
import { VERSION_NOT_IMPLEMENTED } from '../../../daemon/http/errors.js';
import type { Mailer, MailMessage } from '../../../daemon/services/mail/mailer.js';
import { importSnapshot } from '../../../daemon/services/snapshot/import.js';
import { bootstrap } from '../../../daemon/services/auth/bootstrap.js';
import type { Store } from '../../../daemon/store/index.js';
import { goShapes, isServedVersion } from '../../../daemon/versions.js';
import { testClock } from '../../helpers/app.js';
import { eachStore, openKindStore, type StoreKind } from '../../helpers/store-kinds.js';

export const GOLDEN_DIR = new URL('../../fixtures/golden/', import.meta.url);

interface Alert {
  text: string;
  level: string;
}

interface Exchange {
  name: string;
  request: { method: string; path: string; headers: [string, string][]; body: unknown; bodyIsRawString?: boolean };
  response: { status: number; headers: [string, string][]; bodyType: string; body: unknown };
  note?: string;
}

interface GoldenFile {
  group: string;
  description: string;
  exchanges: Exchange[];
}

/** How we deliberately answer an exchange differently from Traffic Ops, and the rule that decides it. */
export interface Difference {
  /** The seed or BEHAVIOR.md rule that decides this (required: no silent differences). */
  reason: string;
  status?: number;
  /** Our exact alerts (texts may be patterns where they carry ids or times). */
  alerts?: { level: string; text: string | RegExp }[];
  /** Changes to the golden key set of `response` (its object, or its array's elements). */
  responseKeys?: { add?: string[]; remove?: string[] };
  /** The golden response was empty or not because of state that differs here (ids, earlier files). */
  ignoreEmptiness?: boolean;
  /** We answer with a page, not JSON (the portal at `/`): only the status is compared. */
  notJson?: boolean;
  /** Fields whose JSON type may differ from the golden one (its value there was null, ours is set, or the reverse). */
  typesMayDiffer?: string[];
  /** The list holds other records here than in the recording (ids, earlier files): its length may differ. */
  lengthMayDiffer?: boolean;
}

/** Users whose session cookies the transcripts name, with the passwords of the golden README. */
export const GOLDEN_USERS: Record<string, [string, string]> = {
  admin: ['admin', 'Adm1nPassw0rd!'],
  ro: ['ro_user', 'R3adOnlyPassw0rd'],
  ops: ['ops_user', '0psUserPassw0rd'],
  tenanta: ['tenanta_user', '0psUserPassw0rd'],
};

export function readGolden(file: string): GoldenFile {
  return JSON.parse(readFileSync(new URL(`${file}.json`, GOLDEN_DIR), 'utf8')) as GoldenFile;
}

/** Comma-joined validation lists were built in random order by Traffic Ops: compare them as sets. */
export function normalizeText(text: string): string {
  return text
    .split(', ')
    .map((s) => s.trim())
    .sort()
    .join(', ');
}

function keysOf(value: unknown): string[] | null {
  if (Array.isArray(value)) {
    if (value.length === 0 || typeof value[0] !== 'object' || value[0] === null) return null;
    return [...new Set(value.flatMap((v) => Object.keys(v as object)))].sort();
  }
  if (value && typeof value === 'object') return Object.keys(value).sort();
  return null;
}

/** The time the transcript was recorded, from its first Date header: the replay's clock starts there. */
function recordedAt(golden: GoldenFile): number {
  for (const e of golden.exchanges) {
    const date = e.response.headers.find(([k]) => k.toLowerCase() === 'date')?.[1];
    if (date) return Date.parse(date);
  }
  return Date.now();
}

export interface GoldenContext {
  app: FastifyInstance;
  store: Store;
  mail: MailMessage[];
  clock: ReturnType<typeof testClock>;
}

/** A daemon over a real database (SQLite file, or PostgreSQL: issue 18), golden snapshot imported, clock at the recording. */
export async function goldenApp(
  golden: GoldenFile,
  kind: StoreKind = 'sqlite',
): Promise<GoldenContext & { close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'cdnctl-golden-'));
  const opened = await openKindStore(kind, join(dir, 'cdnctl.db'));
  const { store } = opened;
  const target = opened.db ?? store; // on SQLite the handle, as before
  const clock = testClock(recordedAt(golden));
  await bootstrap(target, clock.now(), 'Adm1nPassw0rd!');
  const snapshot = JSON.parse(readFileSync(new URL('setup.snapshot.json', GOLDEN_DIR), 'utf8'));
  await importSnapshot(target, snapshot, { now: clock.now() });
  const mail: MailMessage[] = [];
  const mailer: Mailer = {
    async send(message) {
      mail.push(message);
    },
  };
  const app = await buildApp({ store, clock: clock.now, mailer, config: { dataDir: dir } });
  await app.ready();
  return {
    app,
    store,
    mail,
    clock,
    async close() {
      await app.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Registers one vitest test per exchange of `file`, replayed in order against one daemon. */
export function replayGolden(file: string, differences: Record<string, Difference> = {}): void {
  const golden = readGolden(file);
  const names = new Set(golden.exchanges.map((e) => e.name));
  for (const name of Object.keys(differences)) {
    if (!names.has(name)) throw new Error(`difference for unknown exchange "${name}" in ${file}.json`);
  }
  // Every transcript on SQLite and on PostgreSQL (issue 18): the same replay, one daemon per store.
  eachStore((kind) => replayOn(kind, file, golden, differences));
}

function replayOn(kind: StoreKind, file: string, golden: GoldenFile, differences: Record<string, Difference>): void {
  describe(`golden ${file}.json: ${golden.description}`, () => {
    let ctx: Awaited<ReturnType<typeof goldenApp>>;
    const cookies = new Map<string, string>();
    let lastLoginCookie: string | null = null;
    let lastUsedCookie: string | null = null;

    beforeAll(async () => {
      ctx = await goldenApp(golden, kind);
      for (const [key, [u, p]] of Object.entries(GOLDEN_USERS)) {
        const res = await ctx.app.inject({ method: 'POST', url: '/api/1.2/user/login', payload: { u, p } });
        if (res.statusCode !== 200) throw new Error(`golden user ${u} cannot log in: ${res.body}`);
        cookies.set(key, String(res.headers['set-cookie']).split(';')[0].split('=')[1]);
      }
    });
    afterAll(async () => {
      await ctx?.close();
    });

    function resolveCookie(value: string): string {
      return value.replace(/<([^>]+)>/, (_m, placeholder: string) => {
        const user = /session cookie of user '([^']+)'/.exec(placeholder)?.[1];
        if (user && cookies.has(user)) return cookies.get(user)!;
        if (user || /pre-logout/.test(placeholder)) {
          const cookie = user ? lastLoginCookie : lastUsedCookie;
          if (!cookie) throw new Error(`no cookie for placeholder <${placeholder}>`);
          return cookie;
        }
        throw new Error(`unknown cookie placeholder <${placeholder}>`);
      });
    }

    for (const exchange of golden.exchanges) {
      it(`${exchange.name}: ${exchange.request.method} ${exchange.request.path}`, async () => {
        const headers: Record<string, string> = {};
        for (const [k, v] of exchange.request.headers) {
          if (k.toLowerCase() === 'cookie') {
            const resolved = resolveCookie(v);
            headers.cookie = resolved;
            lastUsedCookie = resolved.split('=')[1] ?? null;
          } else headers[k.toLowerCase()] = v;
        }
        const { body, bodyIsRawString } = exchange.request;
        const payload =
          body === null || body === undefined ? undefined : bodyIsRawString ? String(body) : JSON.stringify(body);
        if (payload !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
        const res = await ctx.app.inject({
          method: exchange.request.method as 'GET',
          url: exchange.request.path,
          headers,
          payload,
        });
        const setCookie = res.headers['set-cookie'];
        if (setCookie && res.statusCode === 200) lastLoginCookie = String(setCookie).split(';')[0].split('=')[1];
        compare(exchange, differences[exchange.name], res.statusCode, res.body);
      });
    }
  });
}

function compare(exchange: Exchange, diff: Difference | undefined, status: number, rawBody: string): void {
  const version = /^\/api\/([^/]+)\//.exec(exchange.request.path)?.[1];
  const unserved = version !== undefined && !isServedVersion(version) && !diff;
  const golden = exchange.response;
  const expectedStatus = diff?.status ?? (unserved ? 501 : golden.status);
  expect(status, `status of ${exchange.name}; body ${rawBody.slice(0, 300)}`).toBe(expectedStatus);
  if (diff?.notJson) return;
  const ours = JSON.parse(rawBody) as { alerts?: Alert[]; response?: unknown };
  if (unserved) {
    expect(ours).toEqual({ alerts: [{ text: VERSION_NOT_IMPLEMENTED, level: 'error' }] });
    return;
  }
  const goldenBody = (golden.body ?? {}) as { alerts?: Alert[]; response?: unknown };
  if (diff?.alerts) {
    const got = ours.alerts ?? [];
    expect(
      got.map((a) => a.level),
      `alert levels of ${exchange.name}`,
    ).toEqual(diff.alerts.map((a) => a.level));
    diff.alerts.forEach((a, i) => {
      if (a.text instanceof RegExp) expect(got[i].text).toMatch(a.text);
      else expect(normalizeText(got[i].text), `alert text of ${exchange.name}`).toBe(normalizeText(a.text));
    });
  } else {
    const want = (goldenBody.alerts ?? []).map((a) => ({ level: a.level, text: normalizeText(a.text) }));
    const got = (ours.alerts ?? []).map((a) => ({ level: a.level, text: normalizeText(a.text) }));
    expect(got, `alerts of ${exchange.name}`).toEqual(want);
  }
  // An exchange we decide to refuse (a Difference with an error status) answers no response, whatever Traffic Ops did.
  const goldenHasResponse = 'response' in goldenBody && !((diff?.status ?? 0) >= 400);
  expect('response' in ours, `presence of response in ${exchange.name}`).toBe(goldenHasResponse);
  if (!goldenHasResponse) return;
  const goldenKeys = keysOf(goldenBody.response);
  // An empty answer has no keys to compare; ignoreEmptiness says that emptiness may differ here.
  const oursEmpty = Array.isArray(ours.response) && ours.response.length === 0;
  if (goldenKeys && !(diff?.ignoreEmptiness && oursEmpty)) {
    const want = new Set(goldenKeys);
    for (const k of diff?.responseKeys?.add ?? []) want.add(k);
    for (const k of diff?.responseKeys?.remove ?? []) want.delete(k);
    // Every record has the whole key set (not only the union of all records), and nested objects their keys.
    recordsOf(ours.response).forEach((record, i) => {
      expect(Object.keys(record).sort(), `response keys of ${exchange.name}, record ${i}`).toEqual([...want].sort());
    });
    compareNestedKeys(exchange.name, goldenBody.response, ours.response);
  }
  // Up to 1.3 the seed's types hold (the recording's Perl server sent numbers in places the seed makes strings):
  // test/daemon/record-shapes.test.ts checks them per record; from 1.4 the recording is the contract.
  if (version !== undefined && isServedVersion(version) && goShapes(version))
    compareTypes(exchange.name, goldenBody.response, ours.response, diff);
  if (!diff?.ignoreEmptiness && Array.isArray(goldenBody.response)) {
    expect(Array.isArray(ours.response), `response of ${exchange.name} is an array`).toBe(true);
    expect((ours.response as unknown[]).length === 0, `emptiness of ${exchange.name}`).toBe(
      goldenBody.response.length === 0,
    );
    if (!diff?.lengthMayDiffer)
      expect((ours.response as unknown[]).length, `records in ${exchange.name}`).toBe(goldenBody.response.length);
  }
}

/** The records of a response: its array's object elements, or the object itself. */
function recordsOf(response: unknown): Record<string, unknown>[] {
  const list = Array.isArray(response) ? response : [response];
  return list.filter((r): r is Record<string, unknown> => r !== null && typeof r === 'object' && !Array.isArray(r));
}

/** Fields that hold an object in the golden record hold one with the same keys in ours. */
function compareNestedKeys(name: string, goldenResponse: unknown, ourResponse: unknown): void {
  const want = recordsOf(goldenResponse)[0];
  if (!want) return;
  for (const record of recordsOf(ourResponse)) {
    for (const [key, value] of Object.entries(want)) {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) continue;
      const got = record[key];
      if (got === null || got === undefined) continue;
      expect(Object.keys(got as object).sort(), `keys of ${key} in ${name}`).toEqual(Object.keys(value).sort());
    }
  }
}

/** The JSON type of a value as a Go client decodes it: string, number, boolean, null, array or object. */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** The first record of a response (its object, or its array's first element). */
const firstRecord = (response: unknown): Record<string, unknown> | null => {
  const record = Array.isArray(response) ? response[0] : response;
  return record && typeof record === 'object' ? (record as Record<string, unknown>) : null;
};

/**
 * From 1.4 our records take the Go server's shapes (BEHAVIOR.md §1): every field has the JSON type the golden
 * answer has, and the keys come in the Go server's order.
 */
function compareTypes(name: string, goldenResponse: unknown, ourResponse: unknown, diff: Difference | undefined): void {
  const want = firstRecord(goldenResponse);
  const got = firstRecord(ourResponse);
  if (!want || !got) return;
  const loose = new Set(diff?.typesMayDiffer ?? []);
  const types = (r: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(r)
        .filter(([k]) => !loose.has(k))
        .map(([k, v]) => [k, jsonType(v)]),
    );
  expect(types(got), `JSON types of ${name}`).toEqual(types(want));
  if (!diff?.responseKeys) expect(Object.keys(got), `key order of ${name}`).toEqual(Object.keys(want));
}
