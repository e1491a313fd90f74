/**
 * The /api prefix and the route builder. The routes themselves are `ApiRoute` (api-routes.ts, exported as one
 * namespace by index.ts): one source for both sides, so a renamed path breaks the build of both, not a runtime call.
 */
export const API_PREFIX = '/api';

/** The name of an /api route (`'products'`). */
export type ApiRouteName = keyof typeof import('./api-routes.js');

/** The `:name` parameters of a path pattern, as an object type. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

/**
 * Fills a route pattern with its parameters, URL-encoding each one.
 * `apiPath(ApiRoute.categoryUpdate, { categoryId, userId })` -> `/category/<id>/<userId>`.
 */
export function apiPath<P extends string>(pattern: P, params: PathParams<P>): string {
  const values = params as Record<string, string>;
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${pattern}`);
    return encodeURIComponent(value);
  });
}
