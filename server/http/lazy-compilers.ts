import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Factories = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type Validate = ((data: unknown) => unknown) & { errors?: unknown };

/**
 * Fastify's own compilers (ajv for request schemas, fast-json-stringify for replies) with the
 * same options, but each route's functions are compiled on the route's first call instead of
 * when the app becomes ready: compiling ~110 routes up front was half of start-up. A schema
 * that does not compile fails on that route's first call (the API suite calls every route).
 * No route declares a headers schema, the one place Fastify treats custom compilers differently.
 */
export function lazyCompilers(): Factories {
  const validators = AjvCompiler();
  const serializers = SerializerSelector();
  type PoolArgs = Parameters<typeof validators>;
  return {
    buildValidator: ((externalSchemas: PoolArgs[0], options: PoolArgs[1]) => {
      const compile = validators(externalSchemas, options) as unknown as (route: unknown) => Validate;
      return (route: unknown) => {
        let validate: Validate | undefined;
        const lazy: Validate = (data) => {
          validate ??= compile(route);
          const result = validate(data);
          // Fastify reads the failures from the function it was given.
          lazy.errors = validate.errors;
          return result;
        };
        return lazy;
      };
    }) as Factories['buildValidator'],
    buildSerializer(externalSchemas, options) {
      const compile = serializers(externalSchemas, options);
      return (route) => {
        let serialize: ((doc: unknown) => string) | undefined;
        return (doc: unknown) => (serialize ??= compile(route))(doc);
      };
    },
  };
}
