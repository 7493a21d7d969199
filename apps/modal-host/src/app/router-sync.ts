/**
 * What the router learns from a change of the connection (spec §2 opening rules): it is connected
 * or not, and whether the active chain is one the dapp configured. Derived from state, in one place.
 */
import type { ModalInit, Network } from '@walletframe/protocol'
import { isWalletVisible } from '../features/connect/wallet-list.ts'
import type { SessionState } from '../features/core/session-api.ts'
import { sessionMatches, signInOptions, signInView } from '../features/siwx/index.ts'
import type { RouterEvent, RouterFacts } from './router/router.machine.ts'

export function syncRouter(
  prev: SessionState,
  next: SessionState,
  context: {
    send(event: RouterEvent): void
    facts(): Partial<RouterFacts>
    findNetwork(chainId: number | undefined): Network | undefined
  },
): void {
  const [was, now] = [prev.account, next.account]
  if (was === now) return
  const supported = () => context.findNetwork(now.chainId) !== undefined
  if (now.status === 'connected' && was.status !== 'connected') {
    context.send({ type: 'FACTS', facts: context.facts() })
    context.send({ type: 'CONNECTED' })
    context.send({ type: 'CHAIN_CHECKED', supported: supported() })
  } else if (now.status === 'disconnected' && was.status !== 'disconnected') {
    context.send({ type: 'FACTS', facts: context.facts() })
    context.send({ type: 'DISCONNECTED' })
  } else if (now.status === 'connected' && now.chainId !== was.chainId) {
    context.send({ type: 'FACTS', facts: context.facts() })
    context.send({ type: 'CHAIN_CHECKED', supported: supported() })
  }
}

/** The facts the router's opening rules need, from the view state. */
export function routerFactsOf(
  state: SessionState,
  init: ModalInit,
  findNetwork: (chainId: number | undefined) => Network | undefined,
  hasWalletConnect: boolean,
): Partial<RouterFacts> {
  const { account, wallets, embedded, social, siwx } = state
  // The embedded wallet (email and social logins) is an adapter too: the Connect view offers it.
  const visible =
    embedded.available ||
    social.providers.length > 0 ||
    wallets.some((w) => isWalletVisible(w, init.excludeWalletIds, init.isMobile))
  return {
    isConnected: account.status === 'connected',
    // Spec §4 wallet sign-in: asked after connecting; required, it cannot be closed without a session.
    siwxEnabled: siwx.enabled,
    siwxRequired: siwx.enabled && siwx.required,
    hasSiwxSession: sessionMatches(state),
    activeChainSupported: account.status !== 'connected' || findNetwork(account.chainId) !== undefined,
    // Spec §2: with no adapters the modal opens on WalletConnect; without a relay it cannot.
    hasAdapters: !hasWalletConnect || visible,
  }
}

/** The router's facts when the host says hello: nothing connected yet; the integrator's options. */
export function initialFacts(init: ModalInit): RouterFacts {
  return {
    isConnected: false,
    hasAdapters: true,
    isMobile: init.isMobile,
    embedded: init.embedded === true,
    siwxEnabled: !!signInOptions(init),
    siwxRequired: !!signInOptions(init) && signInOptions(init)?.required !== false,
    signInView: signInView(init),
    hasSiwxSession: false,
    networkSwitchEnabled: init.enableNetworkSwitch,
    allowUnsupportedChain: init.allowUnsupportedChain,
    activeChainSupported: true,
  }
}
