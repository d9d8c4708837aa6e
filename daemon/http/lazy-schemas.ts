import { createRequire } from 'node:module';

/*
 * Fastify compiles every route's validators (ajv) and serializers (fast-json-stringify) before it listens: for
 * this API, every route at every version it serves, with and without `.json`, a fifth of the daemon's start-up.
 * These compiler factories wrap Fastify's own and compile each schema on its first use instead. What gets
 * compiled, with which options, and what the compiled functions answer stay Fastify's; only the moment moves.
 */

type RouteSchema = { schema: unknown; method: string; url: string; httpPart?: string };
type Validate = ((data: unknown) => unknown) & { errors?: unknown };
type Serialize = (data: unknown) => string;
type CompilerFactory<F> = (externalSchemas: unknown, options: unknown) => (route: RouteSchema) => F;

// Fastify's own default compilers, resolved from where Fastify itself is installed.
const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
const defaultValidators = (fromFastify('@fastify/ajv-compiler') as () => CompilerFactory<Validate>)();
const defaultSerializers = (fromFastify('@fastify/fast-json-stringify-compiler') as () => CompilerFactory<Serialize>)();

/** Fastify's validator compiler factory, compiling each validator when it first validates. */
export const lazyValidators: CompilerFactory<Validate> = (externalSchemas, options) => {
  const compile = defaultValidators(externalSchemas, options);
  return (route) => {
    let compiled: Validate | null = null;
    const validate: Validate = (data) => {
      compiled ??= compile(route);
      const result = compiled(data);
      validate.errors = compiled.errors;
      return result;
    };
    return validate;
  };
};

/** Fastify's serializer compiler factory, compiling each serializer when it first serializes. */
export const lazySerializers: CompilerFactory<Serialize> = (externalSchemas, options) => {
  const compile = defaultSerializers(externalSchemas, options);
  return (route) => {
    let compiled: Serialize | null = null;
    return (data) => (compiled ??= compile(route))(data);
  };
};
