/** CAIP-2 / CAIP-10 identifiers and the address shapes of spec §5. */

export const CHAIN_NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122'] as const
export type ChainNamespace = (typeof CHAIN_NAMESPACES)[number]

export type CaipNetworkId = `${string}:${string}`
export type CaipAddress = `${string}:${string}:${string}`

export const EVM_ADDRESS_PATTERN = /^(0x)?[0-9a-fA-F]{40}$/
export const TX_HASH_PATTERN = /^0x[0-9a-fA-F]{64}$/
export const SIGNED_MESSAGE_PATTERN = /^0x[0-9a-fA-F]{62,}$/
export const SOLANA_ADDRESS_PATTERN = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
export const CAIP2_PATTERN = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

export function isChainNamespace(value: string): value is ChainNamespace {
  return (CHAIN_NAMESPACES as readonly string[]).includes(value)
}

export function toCaipNetworkId(namespace: ChainNamespace, chainId: number | string): CaipNetworkId {
  return `${namespace}:${chainId}`
}

export function parseCaipNetworkId(id: string): { namespace: ChainNamespace; reference: string } | undefined {
  const parts = id.split(':')
  if (parts.length !== 2 || !CAIP2_PATTERN.test(id)) return undefined
  const [namespace, reference] = parts as [string, string]
  return isChainNamespace(namespace) ? { namespace, reference } : undefined
}

export function toCaipAddress(caipNetworkId: CaipNetworkId, address: string): CaipAddress {
  return `${caipNetworkId}:${address}`
}

export function parseCaipAddress(
  value: string,
): { namespace: ChainNamespace; reference: string; address: string } | undefined {
  const parts = value.split(':')
  if (parts.length !== 3) return undefined
  const [namespace, reference, address] = parts as [string, string, string]
  if (!isChainNamespace(namespace) || reference === '' || address === '') return undefined
  return { namespace, reference, address }
}

export function isEvmAddress(value: string): boolean {
  return EVM_ADDRESS_PATTERN.test(value)
}

/** `0x`-prefixed hex chain id as EIP-1193 `chainChanged` and `eth_chainId` carry it. */
export function toHexChainId(chainId: number): `0x${string}` {
  return `0x${chainId.toString(16)}`
}

/**
 * A positive safe-integer chain id from a number, a `0x` hex string or a decimal string
 * (as `net_version` answers); anything else (`'0x0'`, negatives, `'1e3'`, spaces…) is undefined.
 */
export function fromHexChainId(value: unknown): number | undefined {
  let parsed: number
  if (typeof value === 'number') parsed = value
  else if (typeof value !== 'string') return undefined
  else if (/^0[xX][0-9a-fA-F]+$/.test(value)) parsed = Number.parseInt(value.slice(2), 16)
  else if (/^[0-9]+$/.test(value)) parsed = Number(value)
  else return undefined
  return Number.isSafeInteger(parsed) && parsed > 0 ? parsed : undefined
}
