import { Hono } from 'hono'
import { balanceRoute } from './balance/routes.ts'
import { bip122BalanceRoute } from './bip122/routes.ts'
import type { ApiContext, ApiEnv } from './context.ts'
import { gasPriceRoute } from './convert/gas-price.ts'
import { historyRoute } from './history/routes.ts'
import { namesRoutes } from './identity/names-routes.ts'
import { profileAccountRoute } from './identity/profile-route.ts'
import { identityRoute } from './identity/routes.ts'
import { modalCors } from './middleware/cors.ts'
import { onApiError, onNotFound } from './middleware/errors.ts'
import { requireProject } from './middleware/project.ts'
import { limitPerIp, limitPerProject } from './middleware/rate-limit/rate-limit.ts'
import { onRampRoutes } from './onramp/routes.ts'
import { createRegistryRoutes, type RegistryDeps } from './registry/routes.ts'
import { fungiblePriceRoute } from './routes/fungible-price.ts'
import { healthRoute } from './routes/health.ts'
import { supportedChainsRoute } from './routes/supported-chains.ts'
import { rpcProxyRoute } from './rpc/routes.ts'
import { siwxRoutes } from './sessions/routes.ts'
import { swapRoutes } from './swap/routes.ts'

export interface ApiAppOptions {
  /**
   * More routes mounted at `/` behind the same CORS and project check (e.g. the wallet registry's
   * `/getWallets`): `createApiApp(context, { routes: [registryRoutes] })`.
   */
  routes?: ReadonlyArray<Hono<ApiEnv>>
  /** Options of the wallet registry, which every API serves (`/getWallets`, images, analytics). */
  registry?: Omit<RegistryDeps, 'db' | 'eventsPerIp' | 'clientIp'>
  /** Extra fields for /healthz (the indexer's progress). */
  health?: () => Record<string, unknown>
}

/**
 * The data API as a hono app. Order matters: /healthz answers before any check; CORS runs next so
 * preflights and error answers carry its headers; then the project check guards every other path,
 * mounted or not (an unknown path with a valid project is a 404).
 */
export function createApiApp(context: ApiContext, options: ApiAppOptions = {}): Hono<ApiEnv> {
  const projects = new Map(context.config.projects.map((project) => [project.projectId, project]))
  const app = new Hono<ApiEnv>()
  app.route('/', healthRoute(options.health))
  app.use(modalCors(projects))
  // After CORS, so the modal can read a 429; per IP before any other work, per project once known.
  app.use(limitPerIp(context.limits.perIp, context.limits.clientIp))
  app.use(requireProject(projects))
  app.use(limitPerProject(context.limits.perProject))
  app.route('/', supportedChainsRoute(context))
  // Before balanceRoute: it answers a bip122 chainId and passes every other request on.
  app.route('/', bip122BalanceRoute(context))
  app.route('/', balanceRoute(context))
  app.route('/', fungiblePriceRoute(context))
  app.route('/', historyRoute(context))
  app.route('/', identityRoute(context))
  app.route('/', onRampRoutes(context))
  app.route('/', profileAccountRoute(context))
  app.route('/', namesRoutes(context))
  app.route('/', gasPriceRoute(context))
  app.route('/', swapRoutes(context))
  app.route('/', rpcProxyRoute(context))
  app.route('/', siwxRoutes(context))
  app.route(
    '/',
    createRegistryRoutes({
      db: context.db,
      eventsPerIp: context.limits.eventsPerIp,
      clientIp: context.limits.clientIp,
      ...options.registry,
    }),
  )
  for (const routes of options.routes ?? []) app.route('/', routes)
  app.notFound(onNotFound)
  app.onError(onApiError)
  return app
}
