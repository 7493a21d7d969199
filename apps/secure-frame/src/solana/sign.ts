/**
 * Signing a decoded transaction with the vault's Solana key, and sending it to the network's RPC
 * (issue 15). The signature goes in the wallet's own slot; the dapp's other signatures stay.
 */
import { FRAME_ERRORS, type SolanaSendOptions, TIME, WalletFrameError } from '@walletframe/protocol'
import { bytesToBase58 } from '../custody/base58.ts'
import { bytesToBase64 } from '../custody/base64.ts'
import type { KeyVault } from '../custody/vault.ts'
import { encodeTransaction, type SolanaTransaction } from './wire.ts'

/** The wallet's signature slot: its address among the message's signers; -1 when it is not one. */
const signerSlot = (transaction: SolanaTransaction, address: string): number =>
  transaction.message.staticAccounts.slice(0, transaction.message.requiredSignatures).indexOf(address)

/** Slots still empty (all zero bytes) other than the wallet's: a send would be refused without them. */
export function missingSigners(transaction: SolanaTransaction, address: string): string[] {
  const { signatures, message } = transaction
  return message.staticAccounts
    .slice(0, message.requiredSignatures)
    .filter((account, slot) => account !== address && signatures[slot]!.every((byte) => byte === 0))
}

export interface SignedSolanaTransaction {
  /** The wallet's signature, base58. */
  signature: string
  /** The whole transaction with it, base64 wire format. */
  transaction: string
}

/** The caller has checked that the vault's address is a signer (requests/solana-params.ts assertSolanaSigner). */
export function signSolanaTransaction(
  vault: KeyVault,
  transaction: SolanaTransaction,
): SignedSolanaTransaction {
  const slot = signerSlot(transaction, vault.solanaAddress)
  if (slot < 0) throw new TypeError('The wallet is not a signer of this transaction.')
  const signature = vault.signSolana(transaction.messageBytes)
  const signatures = transaction.signatures.map((existing, index) => (index === slot ? signature : existing))
  return {
    signature: bytesToBase58(signature),
    transaction: bytesToBase64(encodeTransaction(signatures, transaction.messageBytes)),
  }
}

/**
 * sendTransaction on the network's RPC with the dapp's options (spec §5); the signature the node
 * answers. Any failure is spec §8's 'Failed to send transaction. Please try again.', with what the
 * node or the network said as its details.
 */
export async function sendSolanaTransaction(
  rpcUrl: string,
  transaction: string,
  options: SolanaSendOptions | undefined,
  signal: AbortSignal,
): Promise<string> {
  const failed = (details: string, cause?: unknown) =>
    new WalletFrameError(FRAME_ERRORS.solanaSendFailed, { details, cause })
  let answer: { result?: unknown; error?: { message?: unknown } }
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'sendTransaction',
        params: [transaction, { encoding: 'base64', ...options }],
      }),
      signal: AbortSignal.any([signal, AbortSignal.timeout(TIME.httpTimeoutMs)]),
    })
    if (!response.ok) throw failed(`The RPC answered HTTP ${response.status}.`)
    answer = await response.json()
  } catch (error) {
    if (error instanceof WalletFrameError) throw error
    throw failed(`The RPC could not be reached: ${(error as Error).message}`, error)
  }
  if (answer.error) throw failed(String(answer.error.message ?? 'The RPC refused the transaction.'))
  if (typeof answer.result !== 'string') throw failed('The RPC answered no signature.')
  return answer.result
}
