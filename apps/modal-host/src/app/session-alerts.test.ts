/**
 * The alerts of spec §8 that the modal shows while it works, and the guards of spec §8 on the
 * host's requests: the host page is played by the test through a real channel, with a fake page
 * wallet, on an anvil devnet.
 */
import type { Devnet } from '@walletframe/devnet'
import { ALERTS, MODAL_ERRORS, type Network } from '@walletframe/protocol'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createFakeWallet, type FakeWallet } from '../features/connect/test-wallet.ts'
import { startTestDevnet } from '../features/rpc/test-devnet.ts'
import { connectWallet, type SessionHarness, startSession, testNetwork } from './test-support.ts'

let devnet: Devnet | undefined
let networks: Network[] = []
const harnesses: SessionHarness[] = []

beforeAll(async () => {
  devnet = await startTestDevnet(1)
  networks = devnet.chains.map((chain) => testNetwork(chain.chainId, chain.rpcUrl))
}, 30_000)

afterAll(async () => {
  await devnet?.close()
})

afterEach(() => {
  for (const harness of harnesses.splice(0)) harness.close()
})

function start(wallets: FakeWallet[] = []): SessionHarness {
  const harness = startSession({ networks, wallets })
  harnesses.push(harness)
  return harness
}

async function connected(): Promise<{ harness: SessionHarness; wallet: FakeWallet }> {
  const wallet = createFakeWallet()
  const harness = start([wallet])
  await connectWallet(harness, wallet)
  harness.session.close()
  await vi.waitFor(() => expect(harness.session.store.get().open).toBe(false))
  return { harness, wallet }
}

const switchChain = (harness: SessionHarness, chainId: unknown) =>
  harness.host.request('rpc.request', { method: 'wallet_switchEthereumChain', params: [{ chainId }] })
const state = (harness: SessionHarness) => harness.session.store.get()

describe("spec §8 alert 'Network Not Found': the host asks for a network missing from its list", () => {
  it('SDK switchNetwork (network.switch): rejects 4902 and opens the modal on the alert', async () => {
    const harness = start()

    await expect(harness.host.request('network.switch', { caipNetworkId: 'eip155:1' })).rejects.toMatchObject(
      {
        code: 4902,
        reason: MODAL_ERRORS.switchNetworkNotFound.reason,
        message: MODAL_ERRORS.switchNetworkNotFound.message,
      },
    )
    expect(state(harness).alertBar).toEqual(ALERTS.networkNotFound)
    expect(state(harness).alertBar?.title).toBe('Network Not Found')
    expect(state(harness).open).toBe(true)
  })

  it('wallet_switchEthereumChain (EIP-3326): rejects 4902 without asking the wallet, and shows the alert', async () => {
    const { harness, wallet } = await connected()
    const callsBefore = wallet.calls.length

    await expect(switchChain(harness, '0x1')).rejects.toMatchObject({
      code: 4902,
      reason: MODAL_ERRORS.switchNetworkNotFound.reason,
    })
    expect(wallet.calls.slice(callsBefore)).toEqual([])
    expect(state(harness).alertBar).toEqual(ALERTS.networkNotFound)
    expect(state(harness).open).toBe(true)
    expect(state(harness).account.chainId).toBe(networks[0]!.id)
  })

  it('goes when dismissed, and with the modal when it closes', async () => {
    const harness = start()
    await harness.host.request('network.switch', { caipNetworkId: 'eip155:1' }).catch(() => undefined)
    harness.session.dismissAlert()
    expect(state(harness).alertBar).toBeUndefined()
    expect(state(harness).open).toBe(true)

    await harness.host.request('network.switch', { caipNetworkId: 'eip155:1' }).catch(() => undefined)
    harness.session.close()
    await vi.waitFor(() => expect(state(harness).closing || state(harness).open).toBe(false))
    expect(state(harness).alertBar).toBeUndefined()
  })

  it('a switch to a configured network shows no alert', async () => {
    const harness = start()
    await harness.host.request('network.switch', { caipNetworkId: networks[0]!.caipNetworkId })
    expect(state(harness).alertBar).toBeUndefined()
  })
})

describe("spec §8 'Invalid chainId': wallet_switchEthereumChain with a chain id that is no chain", () => {
  it.each([
    ['zero', '0x0'],
    ['not hex', 'mainnet'],
    ['negative', -1],
    ['fractional', 1.5],
    ['beyond the safe integers', '0x20000000000000'],
    ['missing', undefined],
  ])('%s → -32602 Invalid chainId, nothing switched and no alert', async (_what, chainId) => {
    const { harness, wallet } = await connected()
    const callsBefore = wallet.calls.length

    await expect(switchChain(harness, chainId)).rejects.toMatchObject({
      code: -32602,
      reason: MODAL_ERRORS.invalidChainId.reason,
      message: 'Invalid chainId',
    })
    expect(wallet.calls.slice(callsBefore)).toEqual([])
    expect(state(harness).alertBar).toBeUndefined()
  })

  it.each(['eip155:0', 'eip155:NaN', 'eip155:-1', 'eip155:99999999999999999999'])(
    'SDK switchNetwork(%s) → -32602 Invalid chainId, no alert',
    async (caipNetworkId) => {
      const harness = start()
      await expect(harness.host.request('network.switch', { caipNetworkId })).rejects.toMatchObject({
        code: -32602,
        reason: MODAL_ERRORS.invalidChainId.reason,
      })
      expect(state(harness).alertBar).toBeUndefined()
    },
  )
})
