/**
 * The session, the account and the network (spec §7 "Embedded frame messages"). After a reload the
 * server's session cookie alone says who is signed in; the key stays locked until an approval.
 */
import {
  EMBEDDED_WALLET_CHAIN_IDS,
  FRAME_ERRORS,
  type FrameChannel,
  KEY_SERVER_PATHS,
  type Messenger,
  type SessionResponse,
  type SignOutResponse,
  WalletFrameError,
} from '@walletframe/protocol'
import type { Address } from 'viem'
import type { KeyFrameContext } from '../state/frame-context.ts'
import { loadWallet } from '../wallet/load-wallet.ts'
import {
  activeAccount,
  preferredAccountType,
  smartAccountAddress,
  smartAccountNetwork,
  smartAccountNetworks,
} from './active-account.ts'
import { knownSolanaAddress } from './solana-request.ts'

/** Asks the server who is signed in, and remembers it for this page's life. */
export async function refreshSession(ctx: KeyFrameContext, signal?: AbortSignal): Promise<SessionResponse> {
  const answer = await ctx.server.get<SessionResponse>(KEY_SERVER_PATHS.session, signal)
  const user = answer.user
  ctx.session = user
    ? {
        ...(user.email ? { email: user.email } : {}),
        ...(user.userName ? { userName: user.userName } : {}),
        ...(user.socialProvider ? { socialProvider: user.socialProvider } : {}),
        ...(user.address ? { address: user.address as Address } : {}),
        ...(user.solanaAddress ? { solanaAddress: user.solanaAddress } : {}),
        ...(user.unlock ? { unlock: user.unlock } : {}),
      }
    : {}
  if (!answer.isConnected) ctx.vault?.lock()
  return answer
}

/** Spec §9: the embedded wallet signs only on its supported networks, among those the modal offers. */
export function networkFor(ctx: KeyFrameContext, chainId: number) {
  const network = ctx.networks.find((candidate) => candidate.id === chainId)
  if (!network || !EMBEDDED_WALLET_CHAIN_IDS.includes(chainId))
    throw new WalletFrameError(FRAME_ERRORS.unsupportedChain, { details: `chain ${chainId}` })
  return network
}

function signedInAddress(ctx: KeyFrameContext): Address {
  const address = ctx.session.address
  if (!address) throw new WalletFrameError(FRAME_ERRORS.notSignedIn)
  return address
}

export function handleAccount(messenger: Messenger<'child', FrameChannel>, ctx: KeyFrameContext): void {
  // `token` is not used: the session is the HttpOnly cookie, which no frame script can read or send.
  messenger.handle('frame.isConnected', async (_, { signal }) => ({
    isConnected: (await refreshSession(ctx, signal)).isConnected && ctx.session.address !== undefined,
  }))

  messenger.handle('frame.getUser', async ({ chainId, preferredAccountType: chosen }, { signal }) => {
    await refreshSession(ctx, signal)
    const owner = signedInAddress(ctx)
    // Checked before anything changes: a refused request leaves network and account type as they were.
    const chain = chainId === undefined ? ctx.chainId : networkFor(ctx, chainId).id
    if ((chosen ?? ctx.preferredAccountType) === 'smartAccount') smartAccountNetwork(ctx, chain)
    ctx.chainId = chain
    if (chosen) ctx.preferredAccountType = chosen
    // The EOA needs no chain read: a chain that cannot be read keeps no EOA user out, its smart
    // account's facts are then left out. A smart account user gets the network's error.
    const eoa = preferredAccountType(ctx) === 'eoa'
    const chainRead = <T>(read: Promise<T>, otherwise: T) => (eoa ? read.catch(() => otherwise) : read)
    // One after the other: the first asks the factory, the second finds the address remembered.
    const smartAccount = await chainRead(smartAccountAddress(ctx, owner), undefined)
    const active = await activeAccount(ctx, owner)
    const deployed = smartAccount ? await chainRead(isDeployedHere(ctx, smartAccount), false) : false
    const solana = knownSolanaAddress(ctx)
    return {
      ...(ctx.session.email ? { email: ctx.session.email } : {}),
      ...(ctx.session.userName ? { userName: ctx.session.userName } : {}),
      ...(ctx.session.socialProvider ? { socialProvider: ctx.session.socialProvider } : {}),
      address: active.address,
      chainId: ctx.chainId,
      accounts: [
        { address: owner, type: 'eoa' as const },
        ...(smartAccount ? [{ address: smartAccount, type: 'smartAccount' as const }] : []),
        // Last: the EVM accounts keep their places; the Solana account is there once its address is known.
        ...(solana ? [{ address: solana, type: 'eoa' as const, namespace: 'solana' as const }] : []),
      ],
      smartAccountDeployed: deployed,
      preferredAccountType: active.type,
    }
  })

  messenger.handle('frame.signOut', async (_, { signal }) => {
    // Wiped first: even if the server cannot be reached, the key is gone from this frame.
    ctx.vault?.lock()
    ctx.session = {}
    ctx.smartAccount = undefined
    await ctx.server.post<SignOutResponse>(KEY_SERVER_PATHS.signOut, {}, signal)
    return null
  })

  messenger.handle('frame.getChainId', () => ({ chainId: ctx.chainId }))

  messenger.handle('frame.switchNetwork', ({ chainId }) => {
    ctx.chainId = networkFor(ctx, chainId).id
    return null
  })

  messenger.handle('frame.setPreferredAccount', async ({ type }) => {
    const owner = signedInAddress(ctx)
    if (type === 'smartAccount') smartAccountNetwork(ctx, ctx.chainId)
    ctx.preferredAccountType = type
    const { address } = await activeAccount(ctx, owner)
    return { type, address }
  })

  messenger.handle('frame.syncTheme', ({ themeMode, themeVariables }) => {
    ctx.view.update((view) => ({ ...view, themeMode, themeVariables: themeVariables ?? view.themeVariables }))
    return null
  })

  messenger.handle('frame.syncDappData', (dapp) => {
    ctx.dapp = dapp
    return null
  })

  // A reload of the page would end this channel mid-answer; instead the frame starts over in place:
  // the key is wiped and the session is read again from the server.
  messenger.handle('frame.reload', async (_, { signal }) => {
    ctx.vault?.lock()
    await refreshSession(ctx, signal)
    return null
  })

  messenger.handle('frame.getSmartAccountEnabledNetworks', () => ({
    smartAccountEnabledNetworks: smartAccountNetworks(ctx).map((network) => network.id),
  }))

  // Computes the address (the factory is asked once); nothing is sent on chain: the account's first
  // user operation deploys it.
  messenger.handle('frame.initSmartAccount', async () => {
    const owner = signedInAddress(ctx)
    if (!(await smartAccountAddress(ctx, owner))) smartAccountNetwork(ctx, ctx.chainId)
    return null
  })
}

/** Whether the smart account has code on the current network (false where it has no smart account). */
async function isDeployedHere(ctx: KeyFrameContext, address: Address): Promise<boolean> {
  const network = smartAccountNetworks(ctx).find((candidate) => candidate.id === ctx.chainId)
  if (!network) return false
  const { wallet } = await loadWallet(ctx)
  return wallet.isDeployed(wallet.chainClient(network), address)
}
