/**
 * The hook an adapter of another namespace plugs into (issue 15; AppKit's `adapters` pattern):
 * `createWalletFrame({ adapters: [solanaAdapter(), bitcoinAdapter()] })`. The core SDK holds no
 * namespace's code, only this: an adapter is started once with a small context and gives back the
 * provider `getProvider(namespace)` returns. Its page wallets join the EIP-6963 ones (the modal asks
 * them through `host.walletRequest`, their events go out as `host.walletEvent`), and the checks of
 * what it alone receives (NAMESPACE_CHECKS) join the SDK's validator.
 */
import type {
  createCheckValidator,
  HostChannel,
  Messenger,
  MethodsOf,
  Namespace,
  Params,
} from '@walletframe/protocol/host'
import type { InjectedWallet } from './discovery.ts'
import type { StaticInit } from './options.ts'

/** The host's checks by shape name: HOST_CHECKS, then the adapters'. */
export type Checks = Parameters<typeof createCheckValidator>[0]

/** What the core gives an adapter; positional arguments, as the core SDK's bytes count (its budget). */
export type AdapterStart<P> = (
  win: Window,
  /** The modal's init as the options gave it (`namespaceNetworks`: the dapp's Solana and Bitcoin networks). */
  init: StaticInit,
  /** A request to the modal, making its frame if needed (`rpc.request`, `namespace.connect`…). */
  call: <M extends MethodsOf<'toChild', 'request'>>(
    method: M,
    params: Params<HostChannel, M>,
  ) => Promise<unknown>,
  /** Adds a wallet of the page: described to the modal, asked by it, its events sent to it. */
  add: (wallet: InjectedWallet) => void,
  /** The checks of what the SDK receives: the adapter adds those of its own methods. */
  checks: Checks,
  /** Called with every new channel to the modal (each handshake): the adapter adds its listener. */
  wires: ((messenger: Messenger<'parent'>) => void)[],
  /** Called by `destroy()`: the adapter adds what ends its listeners and registrations. */
  stops: (() => void)[],
) => P

export interface WalletFrameAdapter<P = unknown> {
  readonly namespace: Namespace
  /** Starts in the browser (never during server-side rendering); returns the namespace's provider. */
  start: AdapterStart<P>
}

/** The arguments of `start`, as the adapters' shared code takes them. */
export interface AdapterContext {
  win: Window
  init: StaticInit
  call: Parameters<AdapterStart<unknown>>[2]
  add: (wallet: InjectedWallet) => void
  checks: Checks
  wires: ((messenger: Messenger<'parent'>) => void)[]
  stops: (() => void)[]
}
