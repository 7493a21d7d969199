/**
 * `settledAccount`: what reconnect() answers from. A stand-in for the SDK's account feed (the real
 * one is driven in e2e/tests/wagmi.spec.ts) plays the modal's order: the handshake's updates, then
 * the answer to the first request.
 */
import type { AccountState, WalletFrame } from '@walletframe/sdk'
import { describe, expect, it } from 'vitest'
import { settledAccount } from './restore.ts'

const ADDRESS = '0x1111111111111111111111111111111111111111'
const disconnected: AccountState = { status: 'disconnected', isConnected: false }
const connecting: AccountState = { status: 'connecting', isConnected: false }
const connected: AccountState = { status: 'connected', address: ADDRESS, chainId: 31337, isConnected: true }

/** The account feed; `answer` is what the first request does once the handshake's updates are in. */
function feed(handshake: AccountState[], answer: () => Promise<unknown> = async () => '0x7a69') {
  let account = disconnected
  const listeners = new Set<(a: AccountState) => void>()
  const set = (next: AccountState) => {
    account = next
    for (const listener of listeners) listener(next)
  }
  const wf = {
    async request() {
      for (const next of handshake) set(next)
      return answer()
    },
    getAccount: () => account,
    subscribeAccount(listener: (a: AccountState) => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return { wf: wf as unknown as WalletFrame, set, listeners }
}

describe('settledAccount', () => {
  it('is the account at once when the modal restores nothing', async () => {
    await expect(settledAccount(feed([disconnected]).wf)).resolves.toEqual(disconnected)
  })

  it('waits while the modal restores, then is what the restore ended with', async () => {
    const { wf, set, listeners } = feed([connecting])
    const settled = settledAccount(wf)
    await expect.poll(() => listeners.size).toBe(1)
    set(connecting)
    set(connected)
    await expect(settled).resolves.toEqual(connected)
    expect(listeners.size).toBe(0)
  })

  it('is disconnected when the restore fails', async () => {
    const { wf, set, listeners } = feed([connecting])
    const settled = settledAccount(wf)
    await expect.poll(() => listeners.size).toBe(1)
    set(disconnected)
    await expect(settled).resolves.toEqual(disconnected)
  })

  it('fails when the modal cannot be reached', async () => {
    const unreachable = feed([], () => Promise.reject(new Error('The modal did not answer')))
    await expect(settledAccount(unreachable.wf)).rejects.toThrow('The modal did not answer')
  })
})
