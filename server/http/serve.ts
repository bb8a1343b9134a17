// Registers a route from its one declaration (model/api/route.ts): the method and the path come from the
// contract, so no route file repeats them. `api` is the plugin the route lives in; its prefix (/api) is
// taken off the declared path.
import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifySchema,
  RouteHandlerMethod,
  RouteShorthandOptions,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Place } from '../../model/api/route.ts';

/** The contract as Fastify reads it: everything but where the route is. */
type SchemaOf<C> = Omit<C, keyof Place> & FastifySchema;

type Options<C> = Omit<
  RouteShorthandOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    SchemaOf<C>,
    TypeBoxTypeProvider
  >,
  'schema'
>;

type Handler<C> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<C>,
  TypeBoxTypeProvider
>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- every plugin's instance, whatever its type provider
type AnyInstance = FastifyInstance<any, any, any, any, any>;

export function serve<C extends Place>(api: AnyInstance, contract: C, options: Options<C>, handler: Handler<C>): void {
  const { method, path, ...schema } = contract;
  if (!path.startsWith(`${api.prefix}/`)) throw new Error(`${method} ${path} is declared outside ${api.prefix}`);
  (api as FastifyInstance).route({
    ...(options as object),
    method,
    url: path.slice(api.prefix.length),
    schema: schema as FastifySchema,
    handler: handler as RouteHandlerMethod,
  });
}
