/**
 * The JSON-RPC vocabulary of each namespace the modal serves (WalletConnect's, issue 15): the
 * methods a dapp may call (spec §6: others are refused), and those answered from the connection.
 */
import type { Namespace } from '@walletframe/protocol'

export const NAMESPACE_METHODS: Record<Namespace, readonly string[]> = {
  solana: [
    'solana_getAccounts',
    'solana_requestAccounts',
    'solana_signMessage',
    'solana_signTransaction',
    'solana_signAllTransactions',
    'solana_signAndSendTransaction',
  ],
  bip122: ['getAccountAddresses', 'signMessage', 'signPsbt'],
}

/** Answered from the connection: the Solana account is the connection's (`[{ pubkey }]`). */
export const SOLANA_ACCOUNT_METHODS: readonly string[] = ['solana_getAccounts', 'solana_requestAccounts']

/** Requests that connect first when the namespace is not connected (the dapp's `connect()`). */
export const ACCOUNT_REQUESTS: readonly string[] = ['solana_requestAccounts', 'getAccountAddresses']

/** The namespace a method without one belongs to: `solana_*` is Solana's; others are the dapp's to say. */
export const namespaceOfMethod = (method: string): Namespace | undefined =>
  method.startsWith('solana_') ? 'solana' : undefined
