// A route is declared once, in model/api: its method, its path as the service serves it, and its contract
// (body, query, params, every answer). The service registers the route's handler from this declaration
// (server/http/serve.ts), and the OpenAPI document and docs/api.md's check are made from what it registered.

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What `route` adds to a contract: where the route is. */
export type Place<M extends Method = Method, P extends string = string> = { readonly method: M; readonly path: P };

/** Declares a route: `route('POST', '/api/feedback', { summary, body, response })`. */
export function route<M extends Method, P extends `/api/${string}`, S extends object>(
  method: M,
  path: P,
  contract: S,
): S & Place<M, P> {
  return { ...contract, method, path };
}

/** Whether a module's export is a declared route (the tests gather every route from model/api's modules). */
export const isRoute = (value: unknown): value is Place =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value;
