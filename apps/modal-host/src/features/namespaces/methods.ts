/**
 * The JSON-RPC vocabulary of each namespace the modal serves (WalletConnect's, issue 15; the
 * protocol's namespaces/): the methods a dapp may call with their params' shapes (spec §6: others
 * are refused), and those answered from the connection.
 */
import { BIP122_RPC_SCHEMAS, type Namespace, SOLANA_RPC_SCHEMAS } from '@walletframe/protocol'

type Vocabulary = Record<string, { params: { safeParse(value: unknown): { success: boolean } } }>

export const NAMESPACE_RPC: Record<Namespace, Vocabulary> = {
  solana: SOLANA_RPC_SCHEMAS,
  bip122: BIP122_RPC_SCHEMAS,
}

/** Answered from the connection: the Solana account is the connection's (`[{ pubkey }]`). */
export const SOLANA_ACCOUNT_METHODS: readonly string[] = ['solana_getAccounts', 'solana_requestAccounts']

/** Requests that connect first when the namespace is not connected (the dapp's `connect()`). */
export const ACCOUNT_REQUESTS: readonly string[] = ['solana_requestAccounts', 'getAccountAddresses']
