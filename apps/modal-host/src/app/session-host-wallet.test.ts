/**
 * A page wallet seen from the modal once it is connected: its requests no longer pass through
 * the modal, which only hears one way what changed, and the few requests that still do (network
 * switch) end their inner wallet request when the host cancels them.
 */
import type { Devnet } from '@walletframe/devnet'
import type { Network } from '@walletframe/protocol'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ALICE, BOB, createFakeWallet } from '../features/connect/test-wallet.ts'
import { startTestDevnet } from '../features/rpc/test-devnet.ts'
import { connectWallet, type SessionHarness, startSession, testNetwork } from './test-support.ts'

let devnet: Devnet | undefined
let networks: Network[] = []
const harnesses: SessionHarness[] = []

beforeAll(async () => {
  devnet = await startTestDevnet(2)
  networks = devnet.chains.map((chain) => testNetwork(chain.chainId, chain.rpcUrl))
}, 30_000)
afterAll(async () => {
  await devnet?.close()
})
afterEach(() => {
  for (const harness of harnesses.splice(0)) harness.close()
})

/** The balance states the view goes through from now on (each change once). */
function balanceStates(harness: SessionHarness): string[] {
  const states: string[] = []
  let last = harness.session.store.get().balance
  harness.session.store.subscribe(() => {
    const { balance } = harness.session.store.get()
    if (balance !== last) states.push(balance.state)
    last = balance
  })
  return states
}

const rpc = (harness: SessionHarness, method: string) => harness.host.request('rpc.request', { method })

async function connectedHarness() {
  const wallet = createFakeWallet()
  const harness = startSession({ networks, wallets: [wallet] })
  harnesses.push(harness)
  await connectWallet(harness, wallet)
  await vi.waitFor(() => expect(harness.session.store.get().balance.state).toBe('loaded'))
  return { harness, wallet }
}

describe('a connected page wallet', () => {
  it('reloads the balance when the SDK says the wallet sent a transaction', async () => {
    const { harness, wallet } = await connectedHarness()
    const states = balanceStates(harness)
    harness.host.emit('host.transactionSent', { walletId: wallet.descriptor.id })
    await vi.waitFor(() => expect(states).toEqual(['loading', 'loaded']))
  })

  it('ignores a transaction notice from a wallet that is not the connected one', async () => {
    const { harness } = await connectedHarness()
    const states = balanceStates(harness)
    harness.host.emit('host.transactionSent', { walletId: 'io.someone.else' })
    // One ordered port: once this request is answered, the notice before it has been handled.
    await harness.host.request('theme.set', {})
    expect(states).toEqual([])
  })

  it('cancelling a network switch ends the wallet request the modal made for it', async () => {
    const { harness } = await connectedHarness()
    const inner: AbortSignal[] = []
    harness.host.handle('host.walletRequest', (_params, { signal }) => {
      inner.push(signal)
      return new Promise(() => {}) // the wallet's prompt stays open until the request ends
    })
    const outer = new AbortController()
    const switching = harness.host.request(
      'network.switch',
      { caipNetworkId: networks[1]!.caipNetworkId },
      {
        signal: outer.signal,
      },
    )
    await vi.waitFor(() => expect(inner).toHaveLength(1))
    outer.abort()
    await expect(switching).rejects.toMatchObject({ reason: 'RequestCancelled' })
    await vi.waitFor(() => expect(inner[0]!.aborted).toBe(true))
    expect(harness.session.store.get().account).toMatchObject({ status: 'connected', address: ALICE })
  })

  it('ignores accountsChanged and chainChanged with a bad address or chain id: nothing changes', async () => {
    const { harness, wallet } = await connectedHarness()
    const told = harness.providerEvents('accountsChanged').length
    const badChecksum = BOB.replace('C51812dc', 'c51812DC')
    for (const data of [['0x1234'], [badChecksum], [BOB, 'not an address'], BOB.toLowerCase(), [42]])
      harness.host.emit('host.walletEvent', {
        walletId: wallet.descriptor.id,
        event: 'accountsChanged',
        data,
      })
    for (const data of ['0x0', 'mainnet', -1])
      harness.host.emit('host.walletEvent', { walletId: wallet.descriptor.id, event: 'chainChanged', data })

    // The channel is ordered: these answers come after every event above was handled.
    await expect(rpc(harness, 'eth_accounts')).resolves.toEqual([ALICE])
    await expect(rpc(harness, 'eth_chainId')).resolves.toBe('0x7a69')
    expect(harness.session.store.get().account).toMatchObject({ status: 'connected', address: ALICE })
    expect(harness.providerEvents('accountsChanged')).toHaveLength(told)
    expect(harness.providerEvents('chainChanged')).toEqual([])
  })
})
