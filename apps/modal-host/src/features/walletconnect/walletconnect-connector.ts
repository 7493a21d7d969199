/**
 * The WalletConnect connector: a wallet on another device or app, reached through the relay with
 * `@walletconnect/sign-client` running in the modal. It speaks to sign-client through the small
 * `SignClientLike` surface below, so it is tested against a fake and sign-client itself stays in
 * a lazy chunk (`loadClient`).
 *
 * - connect: shows pairing URIs (pairing.ts: 4 min lifetime, replaced in the last 10 s) until the
 *   wallet approves an eip155 session; the account on the modal's active chain is used if the
 *   wallet gave one, else its first.
 * - reconnect: the stored session (through the SDK, storage.ts) is picked up after a reload.
 * - request: `signClient.request` on the session topic and the current chain. Switching to a chain
 *   the session already covers only moves the default chain (spec §4 "Network switch": for a
 *   remote-wallet connector the default chain is set); other chains are asked of the wallet.
 * - wallet-side accountsChanged / chainChanged / session deletion go to `onEvent`, the same handler
 *   the injected connector's events reach.
 * - an approval that arrives after the user left the pairing view is not adopted: the session is
 *   deleted on both sides, as closing the modal cancels an injected wallet's prompt too.
 */
import {
  fromHexChainId,
  PROVIDER_ERRORS,
  toHexChainId,
  WALLET_READ_METHODS,
  WALLET_RPC_METHODS,
  WalletFrameError,
} from '@walletframe/protocol'
import type { ConnectedAccount, WalletConnector, WalletEventName } from '../core/index.ts'
import { createPairingLifecycle, type PairingState } from './pairing.ts'
import {
  addressesOf,
  asWalletError,
  chainOf,
  eip155Accounts,
  type SignClientLike,
  type WcEvent,
  type WcNamespace,
  type WcSession,
} from './sign-client-surface.ts'

export const WALLETCONNECT_CONNECTOR_ID = 'walletConnect'
export const WALLETCONNECT_NAME = 'WalletConnect'

export const WALLETCONNECT_EVENTS = ['accountsChanged', 'chainChanged'] as const

/** sign-client's USER_DISCONNECTED reason. */
const USER_DISCONNECTED = { code: 6000, message: 'User disconnected.' }
/** A deletion the relay has not taken by then is left to sign-client (it stops waiting on it). */
const DISCONNECT_WAIT_MS = 3_000

export interface WalletConnectConnectorOptions {
  /** Loads (once) and initialises sign-client: the lazy chunk. */
  loadClient(): Promise<SignClientLike>
  /** The eip155 chains the dapp configured: proposed to the wallet. */
  chainIds(): number[]
  /** The modal's active chain: preferred when the wallet approves several. */
  activeChainId(): number
  /** Spec §4: Telegram and iOS Safari reuse a pending attempt or an unexpired pairing. */
  reusePairing: boolean
  onPairing(state: PairingState): void
  onEvent(event: WalletEventName, data: unknown): void
  /** A request the wallet will prompt for is on its way to it (mobile: its app is opened). */
  onWalletPrompt?(method: string): void
  log?(message: string): void
  now?: () => number
  setTimer?: (fn: () => void, ms: number) => unknown
  clearTimer?: (handle: unknown) => void
}

interface ActiveSession {
  topic: string
  chainId: number
  address: string
  namespace: WcNamespace
  peer: WcSession['peer']['metadata']
}

export interface WalletConnectConnector extends WalletConnector {
  readonly pairing: PairingState
  /** The wallet app on the other side, as it describes itself. */
  readonly peer: WcSession['peer']['metadata'] | undefined
}

export function createWalletConnectConnector(options: WalletConnectConnectorOptions): WalletConnectConnector {
  const log = options.log ?? (() => undefined)
  let clientPromise: Promise<SignClientLike> | undefined
  let active: ActiveSession | undefined

  const onClientEvent = (event: WcEvent) => {
    if (!active || event.payload.topic !== active.topic) return
    if (event.name === 'session_delete' || event.name === 'session_expire') {
      active = undefined
      options.onEvent('disconnect', PROVIDER_ERRORS.disconnected)
    } else if (event.name === 'session_update') {
      active.namespace = event.payload.params.namespaces.eip155 ?? active.namespace
      const accounts = eip155Accounts(active.namespace)
      const onChain = accounts.filter((a) => a.chainId === active!.chainId)
      if (!onChain.some((a) => a.address.toLowerCase() === active!.address.toLowerCase())) {
        const next = onChain[0] ?? accounts[0]
        if (!next) return options.onEvent('accountsChanged', [])
        active.address = next.address
        options.onEvent('accountsChanged', [next.address])
      }
    } else {
      const { event: walletEvent, chainId } = event.payload.params
      if (walletEvent.name === 'accountsChanged') {
        const addresses = addressesOf(walletEvent.data)
        if (addresses[0]) active.address = addresses[0]
        options.onEvent('accountsChanged', addresses)
      } else if (walletEvent.name === 'chainChanged') {
        const next = chainOf(walletEvent.data, chainId)
        if (next === undefined)
          return log(`walletconnect: unreadable chainChanged ${String(walletEvent.data)}`)
        active.chainId = next
        options.onEvent('chainChanged', toHexChainId(next))
      }
    }
  }

  const client = () => {
    clientPromise ??= options.loadClient().then(
      (loaded) => {
        loaded.onEvent(onClientEvent)
        return loaded
      },
      (error: unknown) => {
        // A failed load (chunk or relay) is retried on the next attempt.
        clientPromise = undefined
        throw error
      },
    )
    return clientPromise
  }

  /** Deletes a session on both sides (sign-client publishes the deletion through the relay). Never throws. */
  const endSession = async (topic: string) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    try {
      const loaded = await client()
      await Promise.race([
        loaded.disconnect({ topic, reason: USER_DISCONNECTED }),
        new Promise((resolve) => {
          timer = setTimeout(resolve, DISCONNECT_WAIT_MS)
        }),
      ])
    } catch (error) {
      log(`walletconnect: disconnect ${topic.slice(0, 8)}: ${(error as Error)?.message ?? String(error)}`)
    } finally {
      clearTimeout(timer)
    }
  }

  /** Makes `session` the connector's session and says which account it stands for. */
  const adopt = (session: WcSession): ConnectedAccount => {
    const namespace = session.namespaces.eip155
    const accounts = eip155Accounts(namespace)
    const preferred = options.activeChainId()
    const account = accounts.find((a) => a.chainId === preferred) ?? accounts[0]
    if (!namespace || !account) {
      void endSession(session.topic)
      throw new WalletFrameError(PROVIDER_ERRORS.unauthorized, {
        details: 'the wallet approved no eip155 account',
      })
    }
    active = {
      topic: session.topic,
      chainId: account.chainId,
      address: account.address,
      namespace,
      peer: session.peer.metadata,
    }
    return { address: account.address, chainId: account.chainId }
  }

  const lifecycle = createPairingLifecycle<WcSession>({
    async create() {
      const loaded = await client()
      const chains = options.chainIds().map((id) => `eip155:${id}`)
      const { uri, approval } = await loaded.connect({
        optionalNamespaces: {
          eip155: { chains, methods: [...WALLET_RPC_METHODS], events: [...WALLETCONNECT_EVENTS] },
        },
      })
      if (!uri) throw new Error('WalletConnect gave no pairing URI')
      return { uri, approval: approval() }
    },
    reuse: options.reusePairing,
    onState: options.onPairing,
    onLateApproval: (session) => {
      log('walletconnect: approval after the pairing view was left; deleting that session')
      void endSession(session.topic)
    },
    ...(options.now ? { now: options.now } : {}),
    ...(options.setTimer ? { setTimer: options.setTimer } : {}),
    ...(options.clearTimer ? { clearTimer: options.clearTimer } : {}),
  })

  const connector: WalletConnectConnector = {
    id: WALLETCONNECT_CONNECTOR_ID,
    name: WALLETCONNECT_NAME,
    type: 'WALLET_CONNECT',
    get pairing(): PairingState {
      return lifecycle.state
    },
    get peer(): WcSession['peer']['metadata'] | undefined {
      return active?.peer
    },
    async connect(connectOptions?: { signal?: AbortSignal }): Promise<ConnectedAccount> {
      let session: WcSession
      try {
        session = await lifecycle.approve(connectOptions?.signal)
      } catch (error) {
        throw asWalletError(error)
      }
      if (active && active.topic !== session.topic) await endSession(active.topic)
      return adopt(session)
    },
    async reconnect(): Promise<ConnectedAccount | undefined> {
      const loaded = await client()
      const nowSeconds = (options.now?.() ?? Date.now()) / 1000
      const stored = loaded
        .sessions()
        .filter(
          (s) => s.acknowledged && s.expiry > nowSeconds && eip155Accounts(s.namespaces.eip155).length > 0,
        )
        .sort((a, b) => b.expiry - a.expiry)[0]
      return stored ? adopt(stored) : undefined
    },
    async request(method: string, params?: unknown): Promise<unknown> {
      const session = active
      if (!session) throw new WalletFrameError(PROVIDER_ERRORS.disconnected)
      const loaded = await client()
      let target: number | undefined
      if (method === 'wallet_switchEthereumChain') {
        target = fromHexChainId((Array.isArray(params) ? params[0] : undefined)?.chainId)
        const account = eip155Accounts(session.namespace).find((a) => a.chainId === target)
        if (target !== undefined && account) {
          session.chainId = target
          session.address = account.address
          return null
        }
      }
      if (!session.namespace.methods.includes(method))
        throw new WalletFrameError(PROVIDER_ERRORS.unsupportedMethod, {
          details: `the wallet did not approve ${method}`,
        })
      if (!WALLET_READ_METHODS.includes(method)) options.onWalletPrompt?.(method)
      let result: unknown
      try {
        result = await loaded.request({
          topic: session.topic,
          chainId: `eip155:${session.chainId}`,
          request: { method, params },
        })
      } catch (error) {
        throw asWalletError(error)
      }
      if (target !== undefined && active === session) session.chainId = target
      return result
    },
    async disconnect(): Promise<void> {
      const session = active
      active = undefined
      // Not awaited: the modal disconnects at once, as it never waits on an injected wallet either;
      // the deletion reaches the wallet through the relay's mailbox.
      if (session) void endSession(session.topic)
    },
  }
  return connector
}
