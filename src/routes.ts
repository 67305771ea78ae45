import type { RouteSpec } from './http/route.js';
import type { Runtime } from './runtime.js';
import { pingRoute } from '../queries/ping/route.js';

export interface RouteDeps {
  runtime: Runtime;
}

/** Every HTTP route of the API; the OpenAPI document is generated from the same list. */
export function allRoutes(_deps: RouteDeps): RouteSpec[] {
  return [pingRoute()];
}
