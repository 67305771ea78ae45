import { buildOpenApi } from '../../src/http/openapi.js';
import { allInboundRoutes, allRoutes } from '../../src/routes.js';
import type { Runtime } from '../../src/runtime.js';

/** Route factories keep their services for later: building the document must not touch them. */
const unusedRuntime = new Proxy({} as Runtime, {
  get: (_target, key) => {
    throw new Error(`building the OpenAPI document used runtime.${String(key)}`);
  },
});

/** The document the service serves at /api/v1/openapi.json, built from the same routes without starting it. */
export function serviceOpenApiDocument(): any {
  const routes = allRoutes({ runtime: unusedRuntime, analyzer: () => Promise.reject(new Error('no analyzer while documenting')) });
  // As JSON, like the served one: the document shares its example objects with the module that holds them.
  return JSON.parse(JSON.stringify(buildOpenApi(routes, { description: 'The feedback analysis service.' }, allInboundRoutes(unusedRuntime))));
}
