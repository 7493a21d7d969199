/** What the demo server hands the page, as JSON in `<script id="demo-config" type="application/json">`. */

export const DEMO_CONFIG_ELEMENT_ID = 'demo-config'

/** A chain in viem's `Chain` shape. */
export interface DemoChain {
  id: number
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: { http: string[] } }
  testnet?: boolean
}

/** An ERC-20 the demo can send (the devnet's dUSD fixture), on the first chain. */
export interface DemoToken {
  address: `0x${string}`
  symbol: string
  decimals: number
}

export interface DemoConfig {
  projectId: string
  modalUrl: string
  chains: DemoChain[]
  token?: DemoToken
}

/**
 * The integrator options the demo takes from its query string (spec §3 Feature options and
 * Settings), so every option can be tried, and tested, on the real page:
 * - `?features={"send":false}`: the feature options;
 * - `?options={"debug":true,"customWallets":[…]}`: any other option (settings, enable* flags).
 * The SDK checks them like any integrator's; a wrong one is shown in the page's error area.
 */
export function readQueryOptions(search: string): Record<string, unknown> {
  const query = new URLSearchParams(search)
  const features = JSON.parse(query.get('features') ?? '{}') as unknown
  const options = JSON.parse(query.get('options') ?? '{}') as Record<string, unknown>
  return { ...options, ...(query.has('features') ? { features } : {}) }
}

/** The page config the server put in the page. */
export function readConfig(): DemoConfig {
  const element = document.getElementById(DEMO_CONFIG_ELEMENT_ID)
  if (!element?.textContent) throw new Error('The page has no demo config; serve it with `npm run serve`.')
  return JSON.parse(element.textContent) as DemoConfig
}
