/**
 * What the router learns from a change of the connection (spec §2 opening rules): it is connected
 * or not, and whether the active chain is one the dapp configured. Derived from state, in one place.
 */
import type { Network } from '@walletframe/protocol'
import type { SessionState } from '../features/core/session-api.ts'
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
