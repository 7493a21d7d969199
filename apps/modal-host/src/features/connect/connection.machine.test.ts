import { describe, expect, it } from 'vitest'
import { createActor, toPromise } from 'xstate'
import type { WalletConnector } from '../core/index.ts'
import { connectionMachine } from './connection.machine.ts'

function connector(
  outcomes: Array<{ address: string; chainId: number } | { code: number; message: string }>,
) {
  let call = 0
  const fake: WalletConnector = {
    id: 'io.test',
    name: 'Test',
    type: 'ANNOUNCED',
    connect: async () => {
      const outcome = outcomes[call++]
      if (!outcome || 'code' in outcome) throw outcome
      return outcome
    },
    reconnect: async () => undefined,
    request: async () => null,
    disconnect: async () => {},
  }
  return fake
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('connection flow', () => {
  it('ends connected with the account the wallet gave', async () => {
    const actor = createActor(connectionMachine, {
      input: { connector: connector([{ address: '0xabc', chainId: 1 }]) },
    })
    actor.start()
    await expect(toPromise(actor)).resolves.toEqual({ account: { address: '0xabc', chainId: 1 } })
  })
  it('is declined when the user rejects (4001), and can be retried', async () => {
    const actor = createActor(connectionMachine, {
      input: {
        connector: connector([
          { code: 4001, message: 'User rejected' },
          { address: '0xabc', chainId: 1 },
        ]),
      },
    })
    actor.start()
    await settle()
    expect(actor.getSnapshot().value).toBe('declined')
    actor.send({ type: 'RETRY' })
    await expect(toPromise(actor)).resolves.toEqual({ account: { address: '0xabc', chainId: 1 } })
  })
  it('treats the default code 5000 as a user rejection (spec §8)', async () => {
    const actor = createActor(connectionMachine, {
      input: { connector: connector([{ code: 5000, message: 'x' }]) },
    })
    actor.start()
    await settle()
    expect(actor.getSnapshot().value).toBe('declined')
  })
  it('fails with the wallet error for other codes', async () => {
    const actor = createActor(connectionMachine, {
      input: { connector: connector([{ code: -32603, message: 'boom' }]) },
    })
    actor.start()
    await settle()
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context.error).toEqual({ code: -32603, message: 'boom' })
  })
  it('ends with no account when cancelled', async () => {
    const actor = createActor(connectionMachine, {
      input: { connector: connector([{ code: 4001, message: 'no' }]) },
    })
    actor.start()
    await settle()
    actor.send({ type: 'CANCEL' })
    await expect(toPromise(actor)).resolves.toEqual({ account: undefined })
  })
})
