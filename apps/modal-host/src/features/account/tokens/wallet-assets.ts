/**
 * The Tokens list from the connected wallet itself (spec §7 "wallet capabilities and assets calls"):
 * a wallet that says through EIP-5792 `wallet_getCapabilities` that it offers EIP-7811 asset
 * discovery on the chain is asked `wallet_getAssets` first. Any other outcome (no such method, a
 * refusal, a timeout, an answer that does not fit protocol's shapes) is `undefined`: the caller then
 * asks the data API, so a wallet can add knowledge but never take the list away.
 */
import {
  NATIVE_TOKEN_ADDRESS,
  type Network,
  TIME,
  type TokenBalance,
  toHexChainId,
  type WalletAsset,
  WalletAssetsResponseSchema,
  type WalletCapabilities,
  WalletCapabilitiesSchema,
  type WalletGetAssetsRequest,
} from '@walletframe/protocol'
import type { WalletConnector } from '../../core/index.ts'

export type AssetWallet = Pick<WalletConnector, 'request'>

/** EIP-7811 "Capabilities": `assetDiscovery.supported` for the chain, or for every chain (`0x0`). */
export function offersAssetDiscovery(capabilities: WalletCapabilities, chainId: number): boolean {
  return Object.entries(capabilities).some(([key, entry]) => {
    const id = Number.parseInt(key, 16)
    const discovery = entry.assetDiscovery as { supported?: unknown } | undefined
    return (id === chainId || id === 0) && discovery?.supported === true
  })
}

/** A base-unit amount as the whole-unit decimal string TokenBalance.quantity.numeric holds, exactly. */
export function unitsToDecimal(value: bigint, decimals: number): string {
  const base = 10n ** BigInt(decimals)
  const fraction = (value % base).toString().padStart(decimals, '0').replace(/0+$/, '')
  return fraction ? `${value / base}.${fraction}` : String(value / base)
}

/**
 * One EIP-7811 asset as a Token balance (spec §3), or undefined for one the Tokens list cannot show:
 * NFTs and other types, or an ERC-20 whose metadata lacks a symbol or decimals.
 */
export function assetToBalance(asset: WalletAsset, network: Network): TokenBalance | undefined {
  const type = asset.type.toLowerCase()
  const meta = asset.metadata ?? {}
  const native = type === 'native' && asset.address === 'native'
  if (!native && !(type === 'erc20' && asset.address !== 'native')) return undefined
  const symbol = meta.symbol ?? (native ? network.nativeCurrency.symbol : undefined)
  const decimals = meta.decimals ?? (native ? network.nativeCurrency.decimals : undefined)
  if (!symbol || decimals === undefined) return undefined
  const address = native ? NATIVE_TOKEN_ADDRESS : asset.address.toLowerCase()
  return {
    name: meta.name ?? (native ? network.nativeCurrency.name : symbol),
    symbol,
    chainId: network.caipNetworkId,
    address: `${network.caipNetworkId}:${address}`,
    value: meta.value ?? 0,
    price: meta.price ?? 0,
    quantity: { decimals: String(decimals), numeric: unitsToDecimal(BigInt(asset.balance), decimals) },
    iconUrl: meta.iconUrl ?? '',
  }
}

export async function walletTokenBalances(
  wallet: AssetWallet,
  account: { address: string; network: Network },
  log: (message: string) => void,
): Promise<TokenBalance[] | undefined> {
  const { network } = account
  const chain = toHexChainId(network.id)
  // Neither call prompts the user: the HTTP deadline, not the minutes a signature may take.
  const signal = AbortSignal.timeout(TIME.httpTimeoutMs)
  try {
    const capabilities = WalletCapabilitiesSchema.safeParse(
      await wallet.request('wallet_getCapabilities', [account.address, [chain]], { signal }),
    )
    if (!capabilities.success || !offersAssetDiscovery(capabilities.data, network.id)) return undefined
    const request: WalletGetAssetsRequest = {
      account: account.address as `0x${string}`,
      chainFilter: [chain],
    }
    const answer = WalletAssetsResponseSchema.safeParse(
      await wallet.request('wallet_getAssets', [request], { signal }),
    )
    if (!answer.success) {
      log('wallet_getAssets: the answer does not fit EIP-7811; the data API answers instead')
      return undefined
    }
    return Object.entries(answer.data)
      .filter(([key]) => Number.parseInt(key, 16) === network.id)
      .flatMap(([, assets]) => assets)
      .map((asset) => assetToBalance(asset, network))
      .filter((balance) => balance !== undefined)
  } catch (error) {
    log(`wallet assets unavailable: ${(error as Error).message}`)
    return undefined
  }
}
