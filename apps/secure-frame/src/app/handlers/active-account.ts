/**
 * Which of the user's two accounts answers (spec §4 "Account type", §9 default account types): the
 * EOA, or the smart account it owns, which exists only where the network has a bundler.
 */
import {
  type AccountType,
  EMBEDDED_WALLET_CHAIN_IDS,
  FRAME_ERRORS,
  type FrameNetwork,
  WalletFrameError,
} from '@walletframe/protocol'
import type { Address } from 'viem'
import type { KeyFrameContext } from '../state/frame-context.ts'
import { loadWallet } from '../wallet/load-wallet.ts'

export type SmartAccountNetwork = FrameNetwork & { bundlerUrl: string }

const isSmartAccountNetwork = (network: FrameNetwork): network is SmartAccountNetwork =>
  network.bundlerUrl !== undefined && EMBEDDED_WALLET_CHAIN_IDS.includes(network.id)

/** Spec §7 "smart account enabled networks": the embedded wallet's networks that have a bundler. */
export const smartAccountNetworks = (ctx: KeyFrameContext): SmartAccountNetwork[] =>
  ctx.networks.filter(isSmartAccountNetwork)

/** The network `chainId` when it is smart-account-enabled; a clear error otherwise. */
export function smartAccountNetwork(ctx: KeyFrameContext, chainId: number): SmartAccountNetwork {
  const network = smartAccountNetworks(ctx).find((candidate) => candidate.id === chainId)
  if (!network)
    throw new WalletFrameError({
      ...FRAME_ERRORS.smartAccountNotEnabled,
      message: `${FRAME_ERRORS.smartAccountNotEnabled.message} (chain ${chainId}).`,
    })
  return network
}

/** The type the modal chose, or spec §9's default: the smart account where the network has one. */
export function preferredAccountType(ctx: KeyFrameContext): AccountType {
  if (ctx.preferredAccountType) return ctx.preferredAccountType
  return smartAccountNetworks(ctx).some((network) => network.id === ctx.chainId) ? 'smartAccount' : 'eoa'
}

/**
 * The smart account of `owner`, asked once of the factory on a smart-account network (the address
 * is the same on every chain); undefined where no network has one.
 */
export async function smartAccountAddress(
  ctx: KeyFrameContext,
  owner: Address,
): Promise<Address | undefined> {
  if (ctx.smartAccount?.owner.toLowerCase() === owner.toLowerCase()) return ctx.smartAccount.address
  const [network] = smartAccountNetworks(ctx)
  if (!network) return undefined
  const { wallet } = await loadWallet(ctx)
  const address = await wallet.smartAccountAddress(wallet.chainClient(network), owner)
  ctx.smartAccount = { owner, address }
  return address
}

export interface ActiveAccount {
  type: AccountType
  /** The EOA: it holds the key, and owns the smart account. */
  owner: Address
  /** The address the dapp sees (eth_accounts) and that signs. */
  address: Address
}

/**
 * The account that answers eth_accounts and signs on the current network: the preferred one. A
 * smart account preferred on a network without a bundler is refused, never swapped for the EOA.
 */
export async function activeAccount(ctx: KeyFrameContext, owner: Address): Promise<ActiveAccount> {
  const type = preferredAccountType(ctx)
  if (type === 'eoa') return { type, owner, address: owner }
  smartAccountNetwork(ctx, ctx.chainId)
  const address = await smartAccountAddress(ctx, owner)
  // A smart-account network exists (the current one), so the address is known.
  return { type, owner, address: address! }
}
