/** The send flow of the connected account takes its account type (spec §5: smart accounts skip the gas rule). */
import { describe, expect, it } from 'vitest'
import { createStore } from '../../ui/store.ts'
import type { AccountState, Session, SessionState } from '../core/index.ts'
import { sendFlow } from './send-flow.ts'

const NETWORK = { id: 31_337, caipNetworkId: 'eip155:31337' }

/** The parts of the session a send flow reads; `keep` makes a fresh flow each time. */
function sessionWith(account: AccountState): Session {
  const store = createStore({ account } as SessionState)
  return {
    store,
    findNetwork: (chainId: number | undefined) => (chainId === NETWORK.id ? NETWORK : undefined),
    keep: (_slot: string, _key: string, create: () => unknown) => create(),
    dataApi: () => undefined,
  } as unknown as Session
}

describe('sendFlow', () => {
  for (const [type, expected] of [
    ['smartAccount', 'smartAccount'],
    ['eoa', 'eoa'],
    [undefined, 'eoa'],
  ] as const)
    it(`an account of type ${type ?? '(other wallet)'} sends as ${expected}`, () => {
      const account: AccountState = {
        status: 'connected',
        address: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
        chainId: NETWORK.id,
        ...(type ? { type } : {}),
      }
      const flow = sendFlow(sessionWith(account))
      expect(flow?.getSnapshot().context.accountType).toBe(expected)
      flow?.stop()
    })
})
