/**
 * Test support (used by co-located `*.test.ts` files only): a session attached to a real channel,
 * with the host side played by the test — it serves fake injected wallets and records what the
 * modal tells the host page.
 */
import {
  type ModalInit,
  ModalInitSchema,
  type Network,
  type ParamsOf,
  STORAGE_KEYS,
  type WalletDescriptor,
} from '@walletframe/protocol'
import { expect, vi } from 'vitest'
import { type FakeWallet, openChannel, serveWallets } from '../features/connect/test-wallet.ts'
import { EMBEDDED_CONNECTOR_ID } from '../features/embedded/auth-connector.ts'
import type { FakeKeyFrame } from '../features/embedded/test-key-frame.ts'
import { createSession, type ModalSession as Session } from './session.ts'

export function testNetwork(chainId: number, rpcUrl: string): Network {
  return {
    id: chainId,
    caipNetworkId: `eip155:${chainId}`,
    chainNamespace: 'eip155',
    name: `Devnet ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  }
}

/** A complete, schema-checked hello payload. */
export function testInit(overrides: Partial<ModalInit> & Pick<ModalInit, 'networks'>): ModalInit {
  return ModalInitSchema.parse({
    projectId: 'walletframe-test',
    sdkVersion: '0.1.0',
    themeMode: 'dark',
    themeVariables: { '--wf-accent': '#3396ff' },
    features: {},
    debug: false,
    allowUnsupportedChain: false,
    enableNetworkSwitch: true,
    featuredWalletIds: [],
    includeWalletIds: [],
    excludeWalletIds: [],
    storage: {},
    wallets: [],
    isMobile: false,
    ...overrides,
  })
}

export type RecordedEvent =
  | 'account.changed'
  | 'provider.event'
  | 'storage.set'
  | 'storage.remove'
  | 'modal.state'
export type HostLogEntry = { [M in RecordedEvent]: { method: M; params: ParamsOf<M> } }[RecordedEvent]

export interface SessionHarness {
  session: Session
  host: ReturnType<typeof openChannel>['host']
  /** Every recorded event the host received, in order. */
  log: HostLogEntry[]
  events<M extends RecordedEvent>(method: M): ParamsOf<M>[]
  /** The `data` of each `provider.event` named `event`. */
  providerEvents(event: ParamsOf<'provider.event'>['event']): unknown[]
  /** The host's `@walletframe` storage as the modal's writes left it (starting from `init.storage`). */
  hostStorage: Map<string, string>
  close(): void
}

export function startSession(options: {
  networks: Network[]
  /** Wallets present in the host page (they answer `host.walletRequest`). */
  wallets: FakeWallet[]
  /** Wallets the hello lists; defaults to the descriptors of `wallets`. */
  listed?: WalletDescriptor[]
  storage?: Record<string, string>
  init?: Partial<ModalInit>
  /** Options of `createSession` (e.g. a data API with a fake fetch). */
  session?: Parameters<typeof createSession>[0]
}): SessionHarness {
  const channel = openChannel()
  const log: HostLogEntry[] = []
  const storage = { ...(options.storage ?? {}) }
  const hostStorage = new Map(Object.entries(storage))
  const { host } = channel
  host.on('account.changed', (params) => log.push({ method: 'account.changed', params }))
  host.on('provider.event', (params) => log.push({ method: 'provider.event', params }))
  host.on('modal.state', (params) => log.push({ method: 'modal.state', params }))
  host.handle('storage.set', (params) => {
    hostStorage.set(params.key, params.value)
    log.push({ method: 'storage.set', params })
    return null
  })
  host.on('storage.remove', (params) => {
    hostStorage.delete(params.key)
    log.push({ method: 'storage.remove', params })
  })
  serveWallets(host, options.wallets)
  const session = createSession(options.session)
  session.attach(
    channel.modal,
    testInit({
      networks: options.networks,
      storage,
      wallets: options.listed ?? options.wallets.map((wallet) => wallet.descriptor),
      ...options.init,
    }),
  )
  return {
    session,
    host,
    log,
    events: <M extends RecordedEvent>(method: M) =>
      log.filter((entry) => entry.method === method).map((entry) => entry.params as ParamsOf<M>),
    providerEvents: (event) =>
      log.flatMap((entry) =>
        entry.method === 'provider.event' && entry.params.event === event ? [entry.params.data] : [],
      ),
    hostStorage,
    close: channel.close,
  }
}

/**
 * A user signed in to the embedded wallet before a reload: the modal reconnects it on its own, with
 * `keyFrame` (a fake) answering the key-frame table. Resolves once the account is connected.
 */
export async function reconnectEmbedded(
  keyFrame: FakeKeyFrame,
  options: { networks?: Network[]; storage?: Record<string, string> } = {},
): Promise<SessionHarness> {
  keyFrame.signedIn = true
  const harness = startSession({
    networks: options.networks ?? [testNetwork(31_337, 'http://127.0.0.1:9/')],
    wallets: [],
    storage: {
      [STORAGE_KEYS.connectionStatus]: 'connected',
      [STORAGE_KEYS.connectorId]: EMBEDDED_CONNECTOR_ID,
      ...options.storage,
    },
    session: { embedded: { keyFrameOrigin: 'http://localhost:5177', connect: keyFrame.connect } },
  })
  await vi.waitFor(() => expect(harness.session.store.get().account.status).toBe('connected'))
  return harness
}

/** Connects `wallet` the way a user does: open the modal, pick the wallet, approve in the wallet. */
export async function connectWallet(harness: SessionHarness, wallet: FakeWallet): Promise<void> {
  harness.session.open()
  harness.session.selectWallet(wallet.descriptor)
  await vi.waitFor(() => expect(harness.events('account.changed').at(-1)?.status).toBe('connected'))
}
