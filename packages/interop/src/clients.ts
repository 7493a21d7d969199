/**
 * The client versions the matrix runs, each installed under its own npm alias (package.json), and
 * the few calls the matrix makes on them, typed once for every version: the APIs it uses have not
 * changed across 2.x. To add a version, add its alias to package.json and a line here.
 */

export type ClientKind = 'sign-client' | 'walletkit'

export interface ClientSpec {
  /** What the table shows, e.g. `sign-client 2.17.1`. */
  label: string
  /** The npm alias the client process imports. */
  module: string
  kind: ClientKind
  /** walletkit is a wallet SDK; sign-client plays either side. */
  dapp: boolean
}

const signClient = (version: string): ClientSpec => ({
  label: `sign-client ${version}`,
  module: `sign-client-${version.split('.').slice(0, 2).join('-')}`,
  kind: 'sign-client',
  dapp: true,
})

/**
 * The oldest 2.x still in wide use (issue 18 met it in the wild), two releases between, the newest
 * 2.x, and the newest walletkit (a wallet on sign-client 2.25).
 */
export const CLIENTS: readonly ClientSpec[] = [
  signClient('2.17.1'),
  signClient('2.20.2'),
  signClient('2.23.9'),
  signClient('2.25.0'),
  { label: 'walletkit 1.6.0', module: '@reown/walletkit', kind: 'walletkit', dapp: false },
]

export const DAPPS = CLIENTS.filter((client) => client.dapp)
export const WALLETS = CLIENTS

export type Namespaces = Record<
  string,
  { chains: string[]; methods: string[]; events: string[]; accounts: string[] }
>
export interface SessionLike {
  topic: string
  namespaces: Namespaces
}
type Acknowledged = { acknowledged(): Promise<unknown> }

export interface CoreLike {
  relayer: {
    transportClose(): Promise<void>
  }
  heartbeat: { stop(): void }
  /** The client id: the did:key its relay JWTs are issued by. */
  crypto: { getClientId(): Promise<string> }
  pairing: { pair(params: { uri: string }): Promise<unknown> }
}

/** The part of `SignClient` the matrix uses, as every 2.x version ships it. */
export interface SignClientLike {
  core: CoreLike
  /** Where the SDK announces a peer's answer to update/extend, as `session_update:<id>`. */
  engine: { events: { emit(event: string, ...args: unknown[]): boolean } }
  on<T>(event: string, listener: (args: T) => void): unknown
  connect(params: {
    optionalNamespaces: Record<string, Omit<Namespaces[string], 'accounts'>>
  }): Promise<{ uri?: string; approval(): Promise<SessionLike> }>
  approve(params: { id: number; namespaces: Namespaces }): Promise<{ topic: string } & Acknowledged>
  respond(params: { topic: string; response: object }): Promise<void>
  request<T>(params: {
    topic: string
    chainId: string
    request: { method: string; params: unknown[] }
  }): Promise<T>
  update(params: { topic: string; namespaces: Namespaces }): Promise<Acknowledged>
  extend(params: { topic: string }): Promise<Acknowledged>
  emit(params: { topic: string; chainId: string; event: { name: string; data: unknown } }): Promise<void>
  ping(params: { topic: string }): Promise<void>
  disconnect(params: { topic: string; reason: { code: number; message: string } }): Promise<void>
}

export interface SignClientModule {
  SignClient: { init(options: object): Promise<SignClientLike> }
}

/** walletkit's wallet calls; it wraps a sign-client of its own (`engine.signClient`). */
export interface WalletKitLike {
  core: CoreLike
  engine: { signClient: SignClientLike }
  on<T>(event: string, listener: (args: T) => void): unknown
  pair(params: { uri: string }): Promise<void>
  approveSession(params: { id: number; namespaces: Namespaces }): Promise<SessionLike>
  respondSessionRequest(params: { topic: string; response: object }): Promise<void>
  updateSession(params: { topic: string; namespaces: Namespaces }): Promise<Acknowledged>
  extendSession(params: { topic: string }): Promise<Acknowledged>
  emitSessionEvent(params: {
    topic: string
    chainId: string
    event: { name: string; data: unknown }
  }): Promise<void>
  disconnectSession(params: { topic: string; reason: { code: number; message: string } }): Promise<void>
}

export interface WalletKitModule {
  WalletKit: {
    init(options: { core: CoreLike; metadata: object; signConfig?: object }): Promise<WalletKitLike>
  }
}

export interface CoreModule {
  Core: new (options: object) => CoreLike
}
