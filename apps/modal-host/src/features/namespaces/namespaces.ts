/**
 * The connections of the other namespaces (issue 15; spec §3 networks and account types, §4
 * network switching): one per namespace beside the EVM one, each with its connector, network and
 * account. Picking a network of another namespace makes that namespace the active one (the Account
 * views show it) and keeps every connection; the dapp's requests of a namespace go to its connector.
 * It only changes state and asks connectors; what the host is told follows from the state (app/).
 */
import {
  type Namespace,
  type NamespaceNetwork,
  PROVIDER_ERRORS,
  RPC_ERRORS,
  solanaSendOptionsProblem,
  type WalletDescriptor,
  WalletFrameError,
} from '@walletframe/protocol'
import type { Store } from '../../ui/store.ts'
import type { NamespaceAccount, NamespaceConnector, SessionState } from '../core/index.ts'
import { ACCOUNT_REQUESTS, NAMESPACE_RPC, SOLANA_ACCOUNT_METHODS } from './methods.ts'
import { namespaceSnapshot } from './snapshot.ts'
import type { NamespaceAccountType, NamespaceConnection } from './state.ts'

/** Spec §9 default account types: solana eoa, bip122 payment. */
export const DEFAULT_ACCOUNT_TYPE: Record<Namespace, NamespaceAccountType> = {
  solana: 'eoa',
  bip122: 'payment',
}

export interface NamespacesContext {
  store: Store<SessionState>
  networks(): readonly NamespaceNetwork[]
  /** The embedded wallet's account of `namespace`, when the EVM connection is the embedded wallet's. */
  embedded(namespace: Namespace): NamespaceConnector | undefined
  /** A connector for a page wallet of another namespace (the SDK's Wallet Standard wallets). */
  pageWallet(wallet: WalletDescriptor, namespace: Namespace): NamespaceConnector
  /** Shows the Connect view listing the namespace's page wallets. */
  showConnect(): void
  /** Shows the Account view (after a connect). */
  showAccount(): void
  log(message: string): void
}

export type Namespaces = ReturnType<typeof createNamespaces>

/** A Solana (base58) or Bitcoin (base58, bech32) address's characters (protocol NamespaceAddressSchema). */
const ADDRESS = /^[A-Za-z0-9]{25,90}$/

export function createNamespaces(context: NamespacesContext) {
  const { store } = context
  const connectors = new Map<Namespace, NamespaceConnector>()
  const state = () => store.get().namespaces
  const connectionOf = (namespace: Namespace) => state().connections[namespace]
  const networkOf = (caipNetworkId: string | undefined) =>
    context.networks().find((network) => network.caipNetworkId === caipNetworkId)
  /** The namespace's network in use: the one picked last, else its first. */
  const currentNetwork = (namespace: Namespace) =>
    networkOf(connectionOf(namespace)?.caipNetworkId) ??
    context.networks().find((network) => network.chainNamespace === namespace)

  const setConnection = (namespace: Namespace, connection: NamespaceConnection, active = state().active) => {
    store.set((s) => ({
      namespaces: {
        ...s.namespaces,
        active,
        connections: { ...s.namespaces.connections, [namespace]: connection },
        connectFor: undefined,
      },
    }))
  }
  const idle = (network: NamespaceNetwork): NamespaceConnection => ({
    status: 'disconnected',
    caipNetworkId: network.caipNetworkId,
    accountType: DEFAULT_ACCOUNT_TYPE[network.chainNamespace],
  })

  /**
   * `silent`: a restore (restore.ts), which asks nothing and leaves the active namespace as it is,
   * unless `activate` (it was the active one before the reload) and the user has not picked another.
   */
  const connectWith = async (
    connector: NamespaceConnector,
    network: NamespaceNetwork,
    { silent = false, activate = false } = {},
  ) => {
    const namespace = network.chainNamespace
    setConnection(namespace, { ...idle(network), status: 'connecting', connectorId: connector.id })
    let account: NamespaceAccount
    try {
      account = await connector.connect(network, { silent })
    } catch (error) {
      setConnection(namespace, idle(network))
      throw error
    }
    connectors.set(namespace, connector)
    const payment = account.addresses?.find((entry) => entry.purpose === 'payment')
    setConnection(
      namespace,
      {
        ...idle(network),
        status: 'connected',
        // Spec §3: a Bitcoin account is shown by its payment address.
        address: payment?.address ?? account.address,
        ...(account.addresses ? { addresses: account.addresses } : {}),
        connectorId: connector.id,
      },
      !silent || (activate && state().active === 'eip155') ? namespace : state().active,
    )
  }

  /** Resolves once the namespace is connected; the user closing the modal or the dapp cancelling rejects. */
  const connectedIn = (namespace: Namespace, signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        const { namespaces, open } = store.get()
        if (namespaces.connections[namespace]?.status === 'connected') done(resolve)
        else if (!open) done(() => reject(new WalletFrameError(PROVIDER_ERRORS.userRejected)))
      }
      const unsubscribe = store.subscribe(check)
      const abort = () => done(() => reject(new WalletFrameError(PROVIDER_ERRORS.userRejected)))
      const done = (settle: () => void) => {
        unsubscribe()
        signal?.removeEventListener('abort', abort)
        settle()
      }
      signal?.addEventListener('abort', abort)
      check()
    })

  const disconnect = async (namespace: Namespace) => {
    const connector = connectors.get(namespace)
    const network = currentNetwork(namespace)
    connectors.delete(namespace)
    if (network) setConnection(namespace, idle(network), 'eip155')
    try {
      await connector?.disconnect()
    } catch (error) {
      context.log(`${namespace} disconnect failed: ${(error as Error).message}`)
    }
  }

  const pickNetwork = async (network: NamespaceNetwork) => {
    const namespace = network.chainNamespace
    const existing = connectionOf(namespace)
    if (existing?.status === 'connected') {
      setConnection(namespace, { ...existing, caipNetworkId: network.caipNetworkId }, namespace)
      return context.showAccount()
    }
    // Spec §6: the embedded wallet holds a Solana account too; it connects without a login.
    const embedded = context.embedded(namespace)
    if (embedded) {
      try {
        await connectWith(embedded, network)
        return context.showAccount()
      } catch (error) {
        context.log(`embedded ${namespace} account: ${(error as Error).message}`)
      }
    }
    // The picked network is the one a page wallet then connects on.
    store.set((s) => ({
      namespaces: {
        ...s.namespaces,
        connectFor: namespace,
        connections: {
          ...s.namespaces.connections,
          [namespace]: { ...(existing ?? idle(network)), caipNetworkId: network.caipNetworkId },
        },
      },
    }))
    context.showConnect()
  }

  const connectPageWallet = async (wallet: WalletDescriptor, namespace: Namespace) => {
    const network = currentNetwork(namespace)
    if (!network) throw new WalletFrameError(PROVIDER_ERRORS.chainDisconnected, { details: namespace })
    await connectWith(context.pageWallet(wallet, namespace), network)
    context.showAccount()
  }

  return {
    connector: (namespace: Namespace) => connectors.get(namespace),
    currentNetwork,

    /** A network of the EVM list was picked: the EVM account is the one shown again. */
    activateEvm() {
      if (state().active !== 'eip155')
        store.set((s) => ({ namespaces: { ...s.namespaces, active: 'eip155' } }))
    },

    pickNetwork,

    connectPageWallet,

    /** A connection restored after a reload: no prompt, no view shown (restore.ts). */
    reconnect: (connector: NamespaceConnector, network: NamespaceNetwork, activate: boolean) =>
      connectWith(connector, network, { silent: true, activate }),

    disconnect,

    /**
     * The adapter's connect (`namespace.connect`): the connection as it is once connected; with
     * `walletId`, that page wallet's prompt at once, else the namespace's Connect view (or the
     * embedded wallet's account without one). The user closing the modal rejects with 4001.
     */
    async connect(namespace: Namespace, walletId: string | undefined, signal?: AbortSignal) {
      if (connectionOf(namespace)?.status !== 'connected') {
        const wallet = store.get().wallets.find((w) => w.id === walletId && w.namespace === namespace)
        const network = currentNetwork(namespace)
        if (wallet) await connectPageWallet(wallet, namespace)
        else if (network) await pickNetwork(network)
        await connectedIn(namespace, signal)
      }
      return namespaceSnapshot(namespace, connectionOf(namespace))
    },

    /**
     * What a page wallet did on its own (`host.walletEvent` of a Wallet Standard wallet): a new
     * first address becomes the account (a bad one changes nothing: the page's word is checked);
     * no address left, or a disconnect, ends that namespace's connection.
     */
    walletEvent(walletId: string, event: string, data: unknown) {
      for (const [namespace, connector] of connectors) {
        const connection = connectionOf(namespace)
        if (connector.id !== walletId || connection?.status !== 'connected') continue
        const first: unknown = Array.isArray(data) ? data[0] : undefined
        const address = typeof first === 'object' && first ? (first as { address?: unknown }).address : first
        if (event === 'disconnect' || (event === 'accountsChanged' && first === undefined))
          void disconnect(namespace)
        else if (event === 'accountsChanged' && typeof address === 'string' && ADDRESS.test(address))
          setConnection(namespace, { ...connection, address })
        else context.log(`${walletId}: ${event} ignored, not a list of addresses`)
      }
    },

    /** The EVM connection ended: the embedded wallet's accounts of other namespaces end with it. */
    evmDisconnected(connectorId: string | undefined) {
      for (const [namespace, connector] of connectors)
        if (connector.id === connectorId) void disconnect(namespace)
    },

    /**
     * A dapp request of another namespace (rpc.request with its namespace): spec §6 method rules
     * (unknown methods are refused with 4200), spec §5 Solana send options; the account methods
     * answer from the connection, the others go to the namespace's connector.
     */
    async request(namespace: Namespace, method: string, params: unknown, signal?: AbortSignal) {
      const shape = Object.hasOwn(NAMESPACE_RPC[namespace], method)
        ? NAMESPACE_RPC[namespace][method]
        : undefined
      if (!shape) throw new WalletFrameError(PROVIDER_ERRORS.unsupportedMethod, { details: method })
      if (method === 'solana_signAndSendTransaction') {
        const problem = solanaSendOptionsProblem(
          (params as { sendOptions?: unknown } | undefined)?.sendOptions,
        )
        if (problem) throw new WalletFrameError(RPC_ERRORS.invalidParams, { details: problem })
      }
      if (!ACCOUNT_REQUESTS.includes(method) && !shape.params.safeParse(params).success)
        throw new WalletFrameError(RPC_ERRORS.invalidParams, { details: method })
      // Asking for the accounts while disconnected is a connect: the Connect view, then the account.
      if (ACCOUNT_REQUESTS.includes(method) && connectionOf(namespace)?.status !== 'connected') {
        const network = currentNetwork(namespace)
        if (network) await pickNetwork(network)
        await connectedIn(namespace, signal)
      }
      const connection = connectionOf(namespace)
      const connector = connectors.get(namespace)
      const network = currentNetwork(namespace)
      if (connection?.status !== 'connected' || !connector || !network) {
        throw new WalletFrameError(PROVIDER_ERRORS.unauthorized, { details: `${namespace} is not connected` })
      }
      if (SOLANA_ACCOUNT_METHODS.includes(method)) return [{ pubkey: connection.address }]
      if (method === 'getAccountAddresses')
        return connection.addresses ?? [{ address: connection.address, purpose: 'payment' }]
      return connector.request(method, params, { network, ...(signal ? { signal } : {}) })
    },
  }
}
