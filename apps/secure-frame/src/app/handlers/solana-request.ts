/**
 * frame.rpcRequest's Solana vocabulary (WalletConnect's solana_* methods; issue 15). The accounts
 * methods answer the user's Solana account; every signing method opens the approval with what is
 * signed decoded, and signs with the Solana key only after Approve; solana_signAndSendTransaction
 * then sends through the chosen Solana network's RPC with the dapp's options (spec §5). All Solana
 * code but this file is in the wallet chunk (wallet-module.ts), loaded on first use.
 */
import {
  FRAME_ERRORS,
  type FrameParams,
  type FrameSolanaNetwork,
  PROVIDER_UNSUPPORTED_METHOD,
  WalletFrameError,
} from '@walletframe/protocol'
import type { KeyVault } from '../../custody/vault.ts'
import type { SolanaSignRequest } from '../../requests/solana-params.ts'
import { requestApproval } from '../approval/approval-session.ts'
import type { KeyFrameContext } from '../state/frame-context.ts'
import { loadWallet, type WalletModule } from '../wallet/load-wallet.ts'

export const SOLANA_ACCOUNT_METHODS: readonly string[] = ['solana_getAccounts', 'solana_requestAccounts']

/**
 * The user's Solana address when this frame knows it: from the unlocked key, or as the key
 * server remembers it for the signed-in wallet (checked against the key at the next unlock).
 */
export function knownSolanaAddress(ctx: KeyFrameContext): string | undefined {
  return ctx.vault?.isUnlocked ? ctx.vault.solanaAddress : ctx.session.solanaAddress
}

/** The network named, or the first the modal gave; a clear error when there is none. */
function solanaNetworkFor(ctx: KeyFrameContext, caipNetworkId: string | undefined): FrameSolanaNetwork {
  const network = caipNetworkId
    ? ctx.solanaNetworks.find((candidate) => candidate.caipNetworkId === caipNetworkId)
    : ctx.solanaNetworks[0]
  if (!network)
    throw new WalletFrameError(FRAME_ERRORS.unsupportedChain, {
      details: caipNetworkId ?? 'no Solana network was given to the embedded wallet',
    })
  return network
}

export async function solanaRequest(
  ctx: KeyFrameContext,
  { method, params, caipNetworkId }: FrameParams<'frame.rpcRequest'>,
  signal: AbortSignal,
): Promise<unknown> {
  if (SOLANA_ACCOUNT_METHODS.includes(method)) {
    const address = ctx.session.address ? knownSolanaAddress(ctx) : undefined
    return address ? [{ pubkey: address }] : []
  }
  const { wallet, vault } = await loadWallet(ctx)
  if (!wallet.isSolanaSignMethod(method))
    throw new WalletFrameError(PROVIDER_UNSUPPORTED_METHOD, { details: `${method} is not a Solana method.` })
  if (!ctx.session.address) throw new WalletFrameError(FRAME_ERRORS.notSignedIn)
  // Only a send needs a network; a signature alone is the same on every Solana network.
  const network =
    method === 'solana_signAndSendTransaction' || caipNetworkId
      ? solanaNetworkFor(ctx, caipNetworkId)
      : undefined
  const request = wallet.parseSolanaSignRequest(method, params)
  const known = knownSolanaAddress(ctx)
  // Checked before the view opens when the address is known, and always again after the unlock.
  if (known) wallet.assertSolanaSigner(request, known)
  const description = wallet.describeSolanaRequest(request, { address: known, network: network?.name })
  signal.throwIfAborted()
  return requestApproval(
    ctx,
    { wallet, vault },
    description,
    () => {
      wallet.assertSolanaSigner(request, vault.solanaAddress)
      return signed(wallet, vault, request, network, signal)
    },
    signal,
  )
}

async function signed(
  wallet: WalletModule,
  vault: KeyVault,
  request: SolanaSignRequest,
  network: FrameSolanaNetwork | undefined,
  signal: AbortSignal,
): Promise<unknown> {
  switch (request.method) {
    case 'solana_signMessage':
      return { signature: wallet.bytesToBase58(vault.signSolana(request.message)) }
    case 'solana_signTransaction':
      return wallet.signSolanaTransaction(vault, request.transactions[0]!)
    case 'solana_signAllTransactions':
      return {
        transactions: request.transactions.map(
          (transaction) => wallet.signSolanaTransaction(vault, transaction).transaction,
        ),
      }
    case 'solana_signAndSendTransaction': {
      const { transaction } = wallet.signSolanaTransaction(vault, request.transactions[0])
      const signature = await wallet.sendSolanaTransaction(
        network!.rpcUrl,
        transaction,
        request.sendOptions,
        signal,
      )
      return { signature }
    }
  }
}
