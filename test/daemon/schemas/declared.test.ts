import { describe, expect, it } from 'vitest';
import type { RouteDef } from '../../../daemon/http/route.js';
import { VERSIONS, atLeast } from '../../../daemon/versions.js';
import { routeTable } from '../security/fixture.js';

/**
 * Every route of the route table (daemon/routes/index.ts) declares the schema of its success answers, at every
 * version that serves it, and no schema in it accepts anything: each one names its type (or its choices).
 */

const ROUTES = routeTable();
const name = (route: RouteDef) => `${route.method} ${route.url}`;

function responsesAt(route: RouteDef, version: (typeof VERSIONS)[number]): Record<string, unknown> {
  const response = route.responseAt ? route.responseAt(version) : (route.schema?.response ?? {});
  return response as Record<string, unknown>;
}

/** Paths (in the schema) of sub-schemas that say nothing about what they accept. */
function openSchemas(schema: unknown, path: string): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const s = schema as Record<string, unknown>;
  const choices = ['type', 'const', 'enum', 'anyOf', 'oneOf', 'content'].some((k) => k in s);
  const here = choices ? [] : [path];
  const nested = Object.entries(s).flatMap(([key, value]) => {
    if (key === 'properties' || key === 'patternProperties') {
      return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => openSchemas(v, `${path}.${k}`));
    }
    if (key === 'items' || key === 'additionalProperties' || key === 'schema')
      return openSchemas(value, `${path}.${key}`);
    if (key === 'anyOf' || key === 'oneOf')
      return (value as unknown[]).flatMap((v, i) => openSchemas(v, `${path}.${key}[${i}]`));
    if (key === 'content')
      return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
        openSchemas((v as { schema: unknown }).schema, `${path}[${k}]`),
      );
    return [];
  });
  return [...here, ...nested];
}

/** Paths of object schemas in a response that do not say which keys may appear beyond those they name. */
function looseObjects(schema: unknown, path: string): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const s = schema as Record<string, unknown>;
  const types = Array.isArray(s.type) ? s.type : [s.type];
  const here = types.includes('object') && !('additionalProperties' in s) ? [path] : [];
  const children: [string, unknown][] = [
    ...Object.entries((s.properties ?? {}) as Record<string, unknown>).map(([k, v]): [string, unknown] => [
      `${path}.${k}`,
      v,
    ]),
    [`${path}.items`, s.items],
    [`${path}.additionalProperties`, s.additionalProperties],
    ...((s.anyOf ?? []) as unknown[]).map((v, i): [string, unknown] => [`${path}.anyOf[${i}]`, v]),
    ...Object.entries((s.content ?? {}) as Record<string, { schema: unknown }>).map(([k, v]): [string, unknown] => [
      `${path}[${k}]`,
      v.schema,
    ]),
  ];
  return [...here, ...children.flatMap(([p, v]) => looseObjects(v, p))];
}

describe('the route table', () => {
  it.each(ROUTES.map((r) => [name(r), r] as const))(
    '%s declares its success answer at every version',
    (_name, route) => {
      for (const version of VERSIONS.filter((v) => atLeast(v, route.since))) {
        const statuses = Object.keys(responsesAt(route, version));
        expect(
          statuses.filter((s) => /^2\d\d$/.test(s)),
          `${name(route)} at ${version}`,
        ).not.toEqual([]);
      }
    },
  );

  it.each(ROUTES.map((r) => [name(r), r] as const))('%s has no schema that accepts anything', (_name, route) => {
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    const parts = ['params', 'querystring', 'body'].flatMap((part) =>
      part in schema ? openSchemas(schema[part], part) : [],
    );
    const responses = VERSIONS.filter((v) => atLeast(v, route.since)).flatMap((v) =>
      Object.entries(responsesAt(route, v)).flatMap(([status, s]) => openSchemas(s, `response ${status} at ${v}`)),
    );
    expect([...parts, ...responses]).toEqual([]);
  });

  // The serializer drops keys a schema does not name: a response schema names them all, and says so.
  it.each(ROUTES.map((r) => [name(r), r] as const))('%s names every key its answers may carry', (_name, route) => {
    const loose = VERSIONS.filter((v) => atLeast(v, route.since)).flatMap((v) =>
      Object.entries(responsesAt(route, v)).flatMap(([status, s]) => looseObjects(s, `response ${status} at ${v}`)),
    );
    expect(loose).toEqual([]);
  });
});
