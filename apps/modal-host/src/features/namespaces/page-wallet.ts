/**
 * A Solana or Bitcoin wallet of the host page (Wallet Standard, discovered by the SDK's adapters),
 * reached through the SDK's `host.walletRequest` in its namespace's vocabulary (issue 15).
 */
import {
  type Messenger,
  MODAL_ERRORS,
  type Namespace,
  SOLANA_ADDRESS_PATTERN,
  type WalletDescriptor,
  WalletFrameError,
} from '@walletframe/protocol'
import type { NamespaceAccount, NamespaceConnector, PurposedAddress } from '../core/index.ts'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

/** `[{ pubkey }]` (solana_requestAccounts): the first account, a base58 public key, or an error. */
export function solanaAccount(answer: unknown): NamespaceAccount {
  // A silent connect to a wallet that no longer trusts the page: no account, not a bad one.
  if (Array.isArray(answer) && answer.length === 0) throw new WalletFrameError(MODAL_ERRORS.walletNoAccount)
  const pubkey = Array.isArray(answer) && isRecord(answer[0]) ? answer[0].pubkey : undefined
  if (typeof pubkey !== 'string' || !SOLANA_ADDRESS_PATTERN.test(pubkey))
    throw new WalletFrameError(MODAL_ERRORS.walletBadAddress)
  return { address: pubkey }
}

/** `[{ address, purpose }]` (getAccountAddresses): the payment and ordinals addresses, or an error. */
export function bitcoinAccount(answer: unknown): NamespaceAccount {
  const addresses: PurposedAddress[] = []
  for (const entry of Array.isArray(answer) ? answer : []) {
    if (!isRecord(entry) || typeof entry.address !== 'string' || !/^[a-zA-Z0-9]{26,90}$/.test(entry.address))
      throw new WalletFrameError(MODAL_ERRORS.walletBadAddress)
    addresses.push({ address: entry.address, purpose: entry.purpose === 'ordinals' ? 'ordinals' : 'payment' })
  }
  const first = addresses.find((entry) => entry.purpose === 'payment') ?? addresses[0]
  if (!first) throw new WalletFrameError(MODAL_ERRORS.walletNoAccount)
  return { address: first.address, addresses }
}

export function createPageWalletConnector(
  wallet: WalletDescriptor,
  namespace: Namespace,
  messenger: Messenger<'child'>,
): NamespaceConnector {
  const request = (method: string, params: unknown, options: { signal?: AbortSignal; timeoutMs?: number }) =>
    messenger.request(
      'host.walletRequest',
      { walletId: wallet.id, method, ...(params === undefined ? {} : { params: params as unknown[] }) },
      options,
    )
  return {
    id: wallet.id,
    name: wallet.name,
    namespace,
    async connect(_network, { signal, silent } = {}) {
      // Wallet Standard's silent connect: an account the wallet still trusts this page with, or none.
      if (namespace === 'solana')
        return solanaAccount(
          await request('solana_requestAccounts', silent ? { silent } : undefined, { signal }),
        )
      return bitcoinAccount(
        await request('getAccountAddresses', silent ? { silent } : { purposes: ['payment', 'ordinals'] }, {
          signal,
        }),
      )
    },
    request: (method, params, { signal }) => request(method, params, signal ? { signal } : {}),
    // The SDK hears the namespace disconnected (`namespace.account`) and lets its wallet go.
    disconnect: async () => undefined,
  }
}
