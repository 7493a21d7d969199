/**
 * Where the modal's JSON-RPC reads go (spec §7 "JSON-RPC over HTTP"): through the data API's
 * per-chain endpoint when the deployment has a data API that serves the network (its
 * `GET /v1/supported-chains`, asked once) and the method is one it proxies; otherwise, and for
 * eth_sendRawTransaction, to the network's own first RPC URL.
 */
import { type Network, RPC_PROXY_METHODS } from '@walletframe/protocol'
import { type JsonRpcOptions, jsonRpc } from './json-rpc.ts'

export interface RpcProxyApi {
  supportedChains(): Promise<{ http: readonly string[] }>
  rpcUrl(caipNetworkId: string): string
}

export type RpcRead = (network: Network, method: string, params: unknown) => Promise<unknown>

export function createRpcReader(
  /** The data API, when the deployment has one (it is made after the reader). */
  api: () => RpcProxyApi | undefined,
  options: JsonRpcOptions & { log?: (message: string) => void } = {},
): RpcRead {
  let served: Promise<ReadonlySet<string>> | undefined
  const servedChains = (proxy: RpcProxyApi) => {
    served ??= proxy.supportedChains().then(
      (chains) => new Set(chains.http),
      (error: unknown) => {
        // Asked again on the next read; this one goes to the network's own RPC.
        served = undefined
        options.log?.(`supported chains unavailable: ${(error as Error).message}`)
        return new Set<string>()
      },
    )
    return served
  }
  return async (network, method, params) => {
    const proxy = api()
    const viaApi =
      proxy !== undefined &&
      RPC_PROXY_METHODS.includes(method) &&
      (await servedChains(proxy)).has(network.caipNetworkId)
    const url = viaApi ? proxy.rpcUrl(network.caipNetworkId) : network.rpcUrls.default.http[0]!
    return jsonRpc(url, method, params, options)
  }
}
