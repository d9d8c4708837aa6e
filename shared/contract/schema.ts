// JSON schemas of the API's records, and the TypeScript types derived from them: each record is written once, as
// a schema (`as const`); the daemon answers through it (Fastify's response schema), the CLI and the portal read
// the type. FromSchema covers the part of JSON Schema these records use: type (or a list of types), properties,
// required, additionalProperties, items, const, enum and anyOf.

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type Scalar<T> = T extends 'string'
  ? string
  : T extends 'integer' | 'number'
    ? number
    : T extends 'boolean'
      ? boolean
      : T extends 'null'
        ? null
        : never;

type Props<P, R> = Simplify<
  { -readonly [K in keyof P as K extends R ? K : never]: FromSchema<P[K]> } & {
    -readonly [K in keyof P as K extends R ? never : K]?: FromSchema<P[K]>;
  }
>;

type FromObject<S> = S extends { properties: infer P }
  ? Props<P, S extends { required: readonly (infer R)[] } ? R : never> &
      (S extends { additionalProperties: true } ? { [key: string]: unknown } : unknown)
  : S extends { additionalProperties: infer A }
    ? A extends false
      ? Record<string, never>
      : Record<string, FromSchema<A>>
    : Record<string, unknown>;

type FromType<S, T> = T extends 'array'
  ? S extends { items: infer I }
    ? FromSchema<I>[]
    : unknown[]
  : T extends 'object'
    ? FromObject<S>
    : Scalar<T>;

/** The TypeScript type of the values a JSON schema (declared `as const`) accepts. */
export type FromSchema<S> = S extends { const: infer C }
  ? C
  : S extends { enum: readonly (infer E)[] }
    ? E
    : S extends { anyOf: readonly (infer A)[] }
      ? FromSchema<A>
      : S extends { type: infer T }
        ? FromType<S, T extends readonly (infer U)[] ? U : T>
        : unknown;

/** A JSON schema as the records here write them (the keywords FromSchema reads, and a few for requests). */
export type JsonSchema = Readonly<Record<string, unknown>>;

/**
 * A record's schema: exactly these keys (no others), every one present unless named in `optional`. The key order
 * is the order the answer's keys are written in.
 */
export function record<const P extends Record<string, JsonSchema>, const O extends keyof P & string = never>(
  properties: P,
  optional: readonly O[] = [],
): { type: 'object'; properties: P; required: Exclude<keyof P & string, O>[]; additionalProperties: false } {
  const required = Object.keys(properties).filter((k) => !(optional as readonly string[]).includes(k)) as Exclude<
    keyof P & string,
    O
  >[];
  return { type: 'object', properties, required, additionalProperties: false };
}

/** A list of records of `items`. */
export const list = <const I extends JsonSchema>(items: I) => ({ type: 'array', items }) as const;

export const text = { type: 'string' } as const;
export const nullableText = { type: ['string', 'null'] } as const;
export const int = { type: 'integer' } as const;
export const nullableInt = { type: ['integer', 'null'] } as const;
export const num = { type: 'number' } as const;
export const nullableNum = { type: ['number', 'null'] } as const;
export const bool = { type: 'boolean' } as const;
export const nullableBool = { type: ['boolean', 'null'] } as const;
export const textList = { type: 'array', items: text } as const;

/** `{"text": …, "level": …}`, the alert of every envelope. */
export const alertSchema = record({ text, level: { type: 'string', enum: ['success', 'info', 'warning', 'error'] } });
export type AlertRecord = FromSchema<typeof alertSchema>;
export const alertsSchema = list(alertSchema);

/** `{"alerts": [...]}`: an answer that is only alerts. */
export const alertsOnly = record({ alerts: alertsSchema });

/** `{"response": …}`: an answer without alerts. */
export const envelope = <const R extends JsonSchema>(response: R) => record({ response });

/** `{"alerts": [...], "response": …}`: an answer that always carries alerts. */
export const alertedEnvelope = <const R extends JsonSchema>(response: R) => record({ alerts: alertsSchema, response });

/**
 * An answer with alerts only sometimes, each shape on its own: the compiled serializer writes required keys before
 * optional ones, so an optional `alerts` would follow the response instead of leading it.
 */
export const maybeAlerted = <const R extends JsonSchema>(response: R) =>
  ({ anyOf: [alertedEnvelope(response), envelope(response)] }) as const;

/** A text answer (a configuration file, a check-in's line): its schema by content type, as Fastify reads response schemas. */
export const TEXT_FILE = { content: { 'text/plain': { schema: text } } } as const;

/**
 * Any JSON value, named as such: for request fields whose type the handler checks itself, so that one answer
 * names every failure of the request in the API's own words (BEHAVIOR.md §5: purge jobs), where a schema's
 * type error would stop at the types and hide the other fields' failures.
 */
export const anyJsonValue = { type: ['object', 'array', 'string', 'number', 'boolean', 'null'] } as const;
