import type { FastifyContextConfig, FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Its config (the declared abuse and limits, ADR 054) and handler, for the limits test. */
  config?: FastifyContextConfig;
  handler?: (...args: never[]) => unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered (method × URL pattern), for the route × actor matrix test. */
    registeredRoutes: RegisteredRoute[];
  }
}

/** Records routes as they are added; call before any route is registered. */
export function registerRouteList(app: FastifyInstance) {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, config: route.config, handler: route.handler as RegisteredRoute['handler'] });
    }
  });
}
