/**
 * The EIP-7702 delegation row's reading (issue 14 point 4): the designator parsed and judged against
 * EIP7702_DELEGATE_ADDRESS. Read from a real anvil through the session: app/session-delegation.test.ts.
 */
import { EIP7702_DELEGATE_ADDRESS, type Network } from '@walletframe/protocol'
import { describe, expect, it, vi } from 'vitest'
import { createStore } from '../../ui/store.ts'
import type { AccountState, SessionState } from '../core/index.ts'
import { createDelegationReader, delegateOf, delegationOf } from './delegation.ts'

const TRUSTED = EIP7702_DELEGATE_ADDRESS.toLowerCase()
const UNKNOWN = '0x000000000000000000000000000000000000dead'

describe('delegateOf / delegationOf (pure)', () => {
  it('reads the delegate of an EIP-7702 designator, in any letter case', () => {
    expect(delegateOf(`0xef0100${TRUSTED.slice(2)}`)).toBe(TRUSTED)
    expect(delegateOf(`0xEF0100${EIP7702_DELEGATE_ADDRESS.slice(2)}`)).toBe(TRUSTED)
  })

  it('finds none in an EOA without code, a contract, a short or long designator, or a non-string', () => {
    for (const code of [
      '0x',
      '0x6080604052',
      `0xef0100${'ab'.repeat(19)}`,
      `0xef0100${'ab'.repeat(21)}`,
      null,
    ])
      expect(delegateOf(code)).toBeUndefined()
  })

  it('trusts only EIP7702_DELEGATE_ADDRESS', () => {
    expect(delegationOf(`0xef0100${TRUSTED.slice(2)}`, 'k', EIP7702_DELEGATE_ADDRESS)).toEqual({
      key: 'k',
      delegate: TRUSTED,
      trusted: true,
    })
    expect(delegationOf(`0xef0100${UNKNOWN.slice(2)}`, 'k', EIP7702_DELEGATE_ADDRESS)).toEqual({
      key: 'k',
      delegate: UNKNOWN,
      trusted: false,
    })
    expect(delegationOf('0x', 'k', EIP7702_DELEGATE_ADDRESS)).toBeUndefined()
  })
})

describe('createDelegationReader', () => {
  const ADDRESS = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'
  function setup(account: AccountState, code: () => Promise<unknown>) {
    const store = createStore({ account } as SessionState)
    const read = vi.fn(code)
    const delegation = createDelegationReader({
      store,
      findNetwork: (chainId) => (chainId === 31_337 ? ({ id: 31_337 } as Network) : undefined),
      read,
      log: () => undefined,
      trusted: EIP7702_DELEGATE_ADDRESS,
    })
    return { store, read, delegation }
  }
  const connected = { status: 'connected', address: ADDRESS, chainId: 31_337 } as const

  it('reads nothing for a smart account: it is not an EOA', async () => {
    const t = setup({ ...connected, type: 'smartAccount' }, async () => `0xef0100${UNKNOWN.slice(2)}`)
    await t.delegation.load()
    expect(t.read).not.toHaveBeenCalled()
    expect(t.store.get().delegation).toBeUndefined()
  })

  it("drops an answer that came back after the account changed: it is the other account's", async () => {
    let answer!: (code: string) => void
    const t = setup(connected, () => new Promise((resolve) => (answer = resolve)))
    const loading = t.delegation.load()
    await vi.waitFor(() =>
      expect(t.read).toHaveBeenCalledWith({ id: 31_337 }, 'eth_getCode', [ADDRESS, 'latest']),
    )
    t.store.set({ account: { ...connected, address: UNKNOWN } })
    answer(`0xef0100${UNKNOWN.slice(2)}`)
    await loading
    expect(t.store.get().delegation).toBeUndefined()
  })
})
