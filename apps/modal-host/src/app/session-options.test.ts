/** The integrator's options as the session applies them (spec §3 options, §4 Toast, §9 Defaults). */
import { type Devnet, fixtureContracts } from '@walletframe/devnet'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createFakeWallet } from '../features/connect/test-wallet.ts'
import { startTestDevnet } from '../features/rpc/test-devnet.ts'
import { connectWallet, type SessionHarness, startSession, testNetwork } from './test-support.ts'

const network = testNetwork(31337, 'http://127.0.0.1:9')
const WARNING = 'features.legalCheckbox is on without termsConditionsUrl or privacyPolicyUrl to agree to'
let harness: SessionHarness | undefined
afterEach(() => harness?.close())

describe('configuration problems (spec §4 Toast: debug-style messages)', () => {
  it('are shown as an info toast when the modal opens, with debug on (the spec §9 default)', async () => {
    const logged: string[] = []
    harness = startSession({
      networks: [network],
      wallets: [],
      init: { debug: true, features: { legalCheckbox: true } },
      session: { log: (message) => logged.push(message) },
    })
    expect(harness.session.store.get().toast).toBeUndefined()
    harness.session.open()
    await vi.waitFor(() =>
      expect(harness?.session.store.get().toast).toMatchObject({ variant: 'info', message: WARNING }),
    )
    expect(logged).toContain(WARNING)
  })

  it('are only logged with debug: false', async () => {
    const logged: string[] = []
    harness = startSession({
      networks: [network],
      wallets: [],
      init: { debug: false, features: { legalCheckbox: true } },
      session: { log: (message) => logged.push(message) },
    })
    harness.session.open()
    await vi.waitFor(() => expect(logged).toContain(WARNING))
    expect(harness.session.store.get().toast).toBeUndefined()
  })
})

describe('the Account header token (spec §3 Settings tokens)', () => {
  let devnet: Devnet | undefined
  beforeAll(async () => {
    devnet = await startTestDevnet(1)
  }, 60_000)
  afterAll(() => devnet?.close())

  it('reads the configured ERC-20 on its network, next to the native balance, on real anvil', async () => {
    const chain = devnet!.chains[0]!
    const dUsd = fixtureContracts().tokens.find((token) => token.symbol === 'dUSD')!
    const wallet = createFakeWallet({ chainId: chain.chainId })
    harness = startSession({
      networks: [testNetwork(chain.chainId, chain.rpcUrl)],
      wallets: [wallet],
      init: { tokens: { [`eip155:${chain.chainId}`]: { address: dUsd.address } } },
    })
    await connectWallet(harness, wallet)
    // Devnet account #0 (the fake wallet's) holds 1100.5 dUSD, 6 decimals, and 10000 ETH.
    await vi.waitFor(() =>
      expect(harness?.session.store.get().balance).toMatchObject({
        state: 'loaded',
        value: 10_000n * 10n ** 18n,
        token: { symbol: 'dUSD', decimals: 6, value: 1_100_500_000n },
      }),
    )
  })

  it('shows the native balance alone on a network the option does not name', async () => {
    const chain = devnet!.chains[0]!
    const wallet = createFakeWallet({ chainId: chain.chainId })
    harness = startSession({
      networks: [testNetwork(chain.chainId, chain.rpcUrl)],
      wallets: [wallet],
      init: { tokens: { 'eip155:1': { address: fixtureContracts().tokens[0]!.address } } },
    })
    await connectWallet(harness, wallet)
    await vi.waitFor(() => expect(harness?.session.store.get().balance.state).toBe('loaded'))
    expect(harness.session.store.get().balance.token).toBeUndefined()
  })
})
