import { API_PATHS, type SupportedChainsResponse } from '@walletframe/protocol'
import { Hono } from 'hono'
import type { ApiContext, ApiEnv } from '../context.ts'

/**
 * `GET /v1/supported-chains`: the network-support check the modal runs first (spec §7). The API
 * reads every configured chain over HTTP, and the Bitcoin networks it has an Esplora API for
 * (bip122/config.ts); it proxies no WebSocket, so `ws` is empty.
 */
export function supportedChainsRoute(context: ApiContext) {
  const body: SupportedChainsResponse = {
    http: [
      ...[...context.chains.values()].map((chain) => chain.config.caipNetworkId),
      ...Object.keys(context.config.esploraUrls ?? {}),
    ],
    ws: [],
  }
  const json = JSON.stringify(body)
  return new Hono<ApiEnv>().get(API_PATHS.supportedChains, (c) =>
    c.body(json, 200, { 'Content-Type': 'application/json' }),
  )
}
