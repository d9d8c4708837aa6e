/**
 * Functions stay short (STYLE.md: ~40 lines). scripts/long-functions.mjs lists those over 40 for the next clean-up;
 * this test holds every function of the sources to 60 lines, but for the few named below, which may not grow and
 * must leave the list once split.
 */
import { describe, expect, it } from 'vitest';
import { functionsOf, longFunctions, type FunctionLength } from '../../scripts/long-functions.mjs';

const LIMIT = 60;

const ROUTES = 'a route plugin whose handlers the response-schema branch is editing: split after that merge';
const STORE = 'a store factory the PostgreSQL branch mirrors: split after that merge';
const SERVING = 'start-up and serving, which the performance branch is reworking: split after that merge';
const FORMAT = 'a record formatter whose fields are being derived from the schemas: split after that merge';

/** [file, function, its length now, why it is not split yet]. */
const NOT_YET: Array<[string, string, number, string]> = [
  ['daemon/routes/ssl-keys.ts', 'sslKeyRoutes', 91, ROUTES],
  ['daemon/routes/user-deliveryservices.ts', 'userDeliveryServiceRoutes', 81, ROUTES],
  ['daemon/routes/url-keys.ts', 'urlKeyRoutes', 67, ROUTES],
  ['daemon/routes/servers.ts', 'serverRoutes', 65, ROUTES],
  ['daemon/routes/profiles.ts', 'profileRoutes', 64, ROUTES],
  ['daemon/routes/origins.ts', 'originRoutes', 62, ROUTES],
  ['daemon/store/server-flags.ts', 'sqliteServerFlags', 81, STORE],
  ['daemon/store/deliveryservices.ts', 'toDeliveryService', 71, STORE],
  ['daemon/store/serverchecks.ts', 'sqliteServerChecks', 70, STORE],
  ['daemon/store/sessions.ts', 'sqliteSessions', 70, STORE],
  ['daemon/store/origins.ts', 'sqliteOrigins', 65, STORE],
  ['daemon/services/vault/sqlite-keystore.ts', 'sqliteKeyStore', 62, STORE],
  ['daemon/server.ts', 'serveOn', 87, SERVING],
  ['daemon/format/deliveryservices.ts', 'seedRecord', 72, FORMAT],
  ['daemon/format/deliveryservices-go.ts', 'v14', 69, FORMAT],
];

describe('function length', () => {
  let measured: FunctionLength[] | undefined;
  const long = () => (measured ??= longFunctions(LIMIT));

  it('measures a function from its first line to its last, nested functions included', () => {
    const text = ['export function outer() {', '  const inner = () => {', '    return 1;', '  };', '  return inner();', '}'].join('\n');
    const found = functionsOf('x.ts', text);
    expect(found.map((f) => [f.name, f.lines])).toEqual([['outer', 6], ['inner', 3]]);
  });

  it(`no function of the sources is longer than ${LIMIT} lines, but the named ones, which do not grow`, () => {
    const allowed = new Map(NOT_YET.map(([file, name, lines]) => [`${file} ${name}`, lines]));
    const offenders = long()
      .filter((f) => (allowed.get(`${f.file} ${f.name}`) ?? LIMIT) < f.lines)
      .map((f) => `${f.file}:${f.line} ${f.name} is ${f.lines} lines`);
    expect(offenders).toEqual([]);
  });

  it('every named exception is still over the limit (once split, take it off the list)', () => {
    const over = new Set(long().map((f) => `${f.file} ${f.name}`));
    expect(NOT_YET.map(([file, name]) => `${file} ${name}`).filter((key) => !over.has(key))).toEqual([]);
  });
});
