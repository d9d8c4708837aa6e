import { createRequire } from 'node:module';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Checks every answer of an app against the response schema its route declares for the answer's status, before
 * Fastify serializes it (the compiled serializer would drop undeclared keys and coerce types, hiding a schema that
 * does not describe the answer). Answers that are bytes already (rendered by the store, or cached) are parsed and
 * checked as sent. Schemas are checked strictly: every object schema here forbids keys it does not name. And
 * what the compiled serializer writes must be the answer the handler gave: no key dropped or value coerced on the
 * way out, and the answer's own keys in their order.
 */

const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
type Validate = ((data: unknown) => boolean) & { errors?: unknown[] | null };
type AjvClass = new (options: Record<string, unknown>) => { compile(schema: unknown): Validate };
const Ajv = fromFastify('ajv') as AjvClass & { default?: AjvClass };
const ajv = new (Ajv.default ?? Ajv)({ strict: false, allErrors: true });

export interface Checked {
  route: string;
  status: number;
  /** Ajv's complaints; empty when the answer matched. */
  errors: unknown[];
}

const compiled = new WeakMap<object, Validate>();

function schemaFor(request: FastifyRequest, reply: FastifyReply): unknown {
  const responses = (request.routeOptions.schema?.response ?? {}) as Record<string, unknown>;
  const schema = (responses[String(reply.statusCode)] ?? responses[`${String(reply.statusCode)[0]}xx`]) as
    { content?: Record<string, { schema: unknown }> } | undefined;
  if (!schema?.content) return schema;
  const type = String(reply.getHeader('content-type') ?? '').split(';')[0];
  return schema.content[type]?.schema;
}

function check(request: FastifyRequest, reply: FastifyReply, body: unknown, seen: Checked[]): void {
  const schema = schemaFor(request, reply);
  const route = `${request.method} ${request.routeOptions.url}`;
  if (schema === undefined) {
    seen.push({ route, status: reply.statusCode, errors: reply.statusCode < 300 ? ['no schema for this status'] : [] });
    return;
  }
  let validate = compiled.get(schema as object);
  if (!validate) compiled.set(schema as object, (validate = ajv.compile(schema)));
  seen.push({ route, status: reply.statusCode, errors: validate(body) ? [] : [...(validate.errors ?? [])] });
}

/**
 * The same values, and the same keys in the same order at the top (alerts before the response). Key order inside
 * records is the schema's (the Go records' order is checked field by field in test/daemon/record-shapes.test.ts).
 */
function sameAnswer(serialized: string, expected: string): boolean {
  const [a, b] = [JSON.parse(serialized) as unknown, JSON.parse(expected) as unknown];
  const keys = (v: unknown) => (typeof v === 'object' && v !== null ? Object.keys(v) : []);
  return isDeepStrictEqual(a, b) && isDeepStrictEqual(keys(a), keys(b));
}

const CHECKED = Symbol('checked');
type Marked = Record<symbol, string | undefined>;

/** Installs the checks on an app that is not ready yet; every answer's outcome is appended to `seen`. */
export function checkAnswers(app: FastifyInstance, seen: Checked[]): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    (request as unknown as Marked)[CHECKED] = JSON.stringify(payload);
    check(request, reply, payload, seen);
    return payload;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const expected = (request as unknown as Marked)[CHECKED];
    if (expected !== undefined) {
      if (typeof payload === 'string' && !sameAnswer(payload, expected)) {
        seen.push({
          route: `${request.method} ${request.routeOptions.url}`,
          status: reply.statusCode,
          errors: [{ serialized: payload, expected }],
        });
      }
      return payload;
    }
    if (!request.url.startsWith('/api/')) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    const text = Buffer.isBuffer(payload) ? payload.toString('utf8') : typeof payload === 'string' ? payload : null;
    if (text === null) return payload;
    if (reply.getHeader('content-encoding') === undefined)
      check(request, reply, type.includes('json') ? JSON.parse(text) : text, seen);
    return payload;
  });
}
