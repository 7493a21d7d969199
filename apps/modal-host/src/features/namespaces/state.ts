/**
 * The namespaces feature's slice of the modal state and its intents (see core/session-api.ts): the
 * Solana and Bitcoin connections beside the EVM one (issue 15, spec §3 account types and networks).
 */
import type { ConnectionStatus, Namespace, NamespaceNetwork, WalletDescriptor } from '@walletframe/protocol'
import type { PurposedAddress } from '../core/index.ts'

/** Spec §3 account types of the other namespaces: solana eoa; bip122 payment (or ordinals). */
export type NamespaceAccountType = 'eoa' | 'payment' | 'ordinals'

export interface NamespaceConnection {
  status: ConnectionStatus
  /** The account shown: Solana's base58 public key, Bitcoin's payment address. */
  address?: string
  /** Bitcoin: every address the wallet gave (payment, ordinals). */
  addresses?: PurposedAddress[]
  /** The namespace's network in use (one of `init.namespaceNetworks`). */
  caipNetworkId: string
  connectorId?: string
  /** Spec §9 defaults: solana eoa, bip122 payment. */
  accountType: NamespaceAccountType
}

export interface NamespacesState {
  /** The namespace the Account views show; eip155 unless the user picked another's network. */
  active: 'eip155' | Namespace
  connections: Partial<Record<Namespace, NamespaceConnection>>
  /** The Connect view lists this namespace's page wallets (a network of it was picked unconnected). */
  connectFor?: Namespace
}

export const NAMESPACES_IDLE: NamespacesState = { active: 'eip155', connections: {} }

/** What the views ask of the other namespaces (features/namespaces/namespace-session.ts). */
export interface NamespaceIntents {
  /**
   * Spec §4 network switching across namespaces: the network of a namespace already connected
   * becomes the active one (every connection is kept); the embedded wallet connects its Solana
   * account without a prompt; otherwise the Connect view lists that namespace's page wallets.
   */
  pickNamespaceNetwork(network: NamespaceNetwork): Promise<void>
  /** Connects a page wallet of another namespace (a descriptor with namespace solana or bip122). */
  connectNamespaceWallet(wallet: WalletDescriptor, namespace: Namespace): Promise<void>
  /** Ends a namespace's connection; the others stay. */
  disconnectNamespace(namespace: Namespace): Promise<void>
  /** A request to a namespace's connected wallet, in its vocabulary (the embedded one asks for approval). */
  namespaceRequest(namespace: Namespace, method: string, params: unknown): Promise<unknown>
}

declare module '../core/session-api.ts' {
  interface SessionState {
    namespaces: NamespacesState
  }
  interface Session {
    /** The dapp's Solana and Bitcoin networks (init.namespaceNetworks). */
    namespaceNetworks(): NamespaceNetwork[]
    /** The namespaces' intents: their chunk, fetched on first use (app/session-namespaces.ts). */
    namespaces(): Promise<NamespaceIntents>
  }
}
