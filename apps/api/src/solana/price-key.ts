import { SOLANA_NATIVE_TOKEN_ADDRESS } from '@walletframe/protocol'

/**
 * The CAIP-10 key of SOL or an SPL mint, as balance entries name it (base58: case matters). Price
 * sources are asked with keys lower-cased (chain/prices.ts), under which two real mints never collide.
 */
export function solanaPriceKey(caipNetworkId: string, mint: string | 'native'): string {
  return `${caipNetworkId}:${mint === 'native' ? SOLANA_NATIVE_TOKEN_ADDRESS : mint}`
}
