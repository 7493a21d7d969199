import { bitcoin, bitcoinTestnet } from '@walletframe/protocol'

type Env = Record<string, string | undefined>

/** The Bitcoin networks the API can serve balances for: spec §3's bip122 networks. */
export const BIP122_NETWORKS = [bitcoin, bitcoinTestnet] as const

/**
 * `WF_ESPLORA_URLS`: `<CAIP-2>=<url>` pairs, comma-separated, the Esplora-compatible API (Blockstream's
 * esplora, mempool.space's, electrs' HTTP) each Bitcoin network's balances are read from, e.g.
 * `bip122:000000000933ea01ad0ee984209779ba=https://mempool.space/testnet/api`. None by default: the
 * repo runs offline and has no Bitcoin node, so bip122 balances answer BITCOIN_BALANCES_UNAVAILABLE.
 * A malformed entry fails the start-up, naming it.
 */
export function resolveEsploraUrls(env: Env): Record<string, string> {
  const raw = env.WF_ESPLORA_URLS?.trim()
  if (!raw) return {}
  const known = new Set<string>(BIP122_NETWORKS.map((network) => network.caipNetworkId))
  const urls: Record<string, string> = {}
  for (const entry of raw.split(',')) {
    const at = entry.indexOf('=')
    const network = entry.slice(0, at).trim()
    const url = entry.slice(at + 1).trim()
    if (at < 0 || !known.has(network)) {
      throw new Error(
        `WF_ESPLORA_URLS: "${entry.trim()}" does not start with a Bitcoin network (${[...known].join(', ')}) and =`,
      )
    }
    if (!/^https?:\/\/[^\s]+$/.test(url)) throw new Error(`WF_ESPLORA_URLS: ${network} has no http(s) URL`)
    if (urls[network]) throw new Error(`WF_ESPLORA_URLS: ${network} is listed twice`)
    urls[network] = url.replace(/\/+$/, '')
  }
  return urls
}
