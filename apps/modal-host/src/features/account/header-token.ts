/**
 * spec §3 Settings `tokens`: on a network the integrator names (CAIP-2 id → { address }), the
 * Account header shows that ERC-20's balance instead of the native one. Read with three eth_calls
 * (balanceOf, symbol, decimals) through the same reader as the native balance; symbol and decimals
 * never change, so they are read once per token.
 */
import type { Network } from '@walletframe/protocol'
import type { RpcRead } from '../rpc/index.ts'

export interface HeaderToken {
  symbol: string
  decimals: number
  value: bigint
}

const SELECTORS = { balanceOf: '0x70a08231', symbol: '0x95d89b41', decimals: '0x313ce567' } as const

const word = (hex: string, index: number) => hex.slice(2 + index * 64, 2 + (index + 1) * 64)

/** An ABI-encoded `string`, or a `bytes32` one as some older tokens return. */
export function decodeAbiString(hex: string): string {
  const bytes = (from: string) =>
    new TextDecoder().decode(
      new Uint8Array((from.match(/../g) ?? []).map((pair) => Number.parseInt(pair, 16))),
    )
  if (hex.length === 66) return bytes(word(hex, 0)).replace(/\0+$/, '')
  const offset = Number.parseInt(word(hex, 0), 16) / 32
  const length = Number.parseInt(word(hex, offset), 16)
  return bytes(hex.slice(2 + (offset + 1) * 64, 2 + (offset + 1) * 64 + length * 2))
}

export function createHeaderTokens(read: RpcRead) {
  const metadata = new Map<string, Promise<Omit<HeaderToken, 'value'>>>()
  const call = async (network: Network, to: string, data: string) =>
    String(await read(network, 'eth_call', [{ to, data }, 'latest']))
  return {
    async read(network: Network, token: string, owner: string): Promise<HeaderToken> {
      const key = `${network.caipNetworkId}:${token.toLowerCase()}`
      let known = metadata.get(key)
      if (!known) {
        known = Promise.all([
          call(network, token, SELECTORS.symbol),
          call(network, token, SELECTORS.decimals),
        ]).then(([symbol, decimals]) => ({
          symbol: decodeAbiString(symbol),
          decimals: Number(BigInt(decimals)),
        }))
        // A failed read is tried again next time.
        known.catch(() => metadata.delete(key))
        metadata.set(key, known)
      }
      const data = `${SELECTORS.balanceOf}${owner.slice(2).toLowerCase().padStart(64, '0')}`
      const [value, meta] = await Promise.all([call(network, token, data), known])
      return { ...meta, value: BigInt(value) }
    },
  }
}
