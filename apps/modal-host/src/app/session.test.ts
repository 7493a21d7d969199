/**
 * The session through a real channel: the test plays the host page (the SDK's side of a
 * MessageChannel) with a fake injected wallet, and reads chain data from an anvil devnet.
 */
import type { Devnet } from '@walletframe/devnet'
import { type Network, STORAGE_KEYS, UI_MESSAGES } from '@walletframe/protocol'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  ALICE,
  BOB,
  createFakeWallet,
  type FakeWallet,
  ProviderRpcError,
  rejectOnce,
} from '../features/connect/test-wallet.ts'
import { startTestDevnet } from '../features/rpc/test-devnet.ts'
import { connectWallet, type SessionHarness, startSession, testNetwork } from './test-support.ts'

let devnet: Devnet | undefined
let networks: Network[] = []
const harnesses: SessionHarness[] = []

const rpcUrl = (index: number) => networks[index]!.rpcUrls.default.http[0]!

async function nodeRpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: unknown; error?: unknown }
  if (body.error) throw new Error(JSON.stringify(body.error))
  return body.result
}

beforeAll(async () => {
  devnet = await startTestDevnet(2)
  networks = devnet.chains.map((chain) => testNetwork(chain.chainId, chain.rpcUrl))
  // Different heights on the two chains, so an answer shows which node it came from.
  await nodeRpc(rpcUrl(0), 'anvil_mine', ['0x3'])
  await nodeRpc(rpcUrl(1), 'anvil_mine', ['0x7'])
}, 30_000)

afterAll(async () => {
  await devnet?.close()
})

afterEach(() => {
  for (const harness of harnesses.splice(0)) harness.close()
})

function start(options: Omit<Parameters<typeof startSession>[0], 'networks'>): SessionHarness {
  const harness = startSession({ networks, ...options })
  harnesses.push(harness)
  return harness
}

async function connected(
  wallet = createFakeWallet(),
): Promise<{ harness: SessionHarness; wallet: FakeWallet }> {
  const harness = start({ wallets: [wallet] })
  await connectWallet(harness, wallet)
  return { harness, wallet }
}

const statuses = (harness: SessionHarness) =>
  harness.events('account.changed').map((snapshot) => snapshot.status)
const methodsCalled = (wallet: FakeWallet) => wallet.calls.map((call) => call.method)
const rpc = (harness: SessionHarness, method: string, params?: unknown[]) =>
  harness.host.request('rpc.request', params === undefined ? { method } : { method, params })
/**
 * Lets every pending promise job run (a wallet's answer gets posted on the port), without a timer:
 * one macrotask boundary. A request sent after it is ordered behind that answer on the port, so
 * its reply proves the modal has already handled the answer.
 */
const settled = () => new Promise((resolve) => setImmediate(resolve))

describe('restoring a connection after a reload (spec §4 "Connection status")', () => {
  const remembered = (wallet: FakeWallet) => ({
    [STORAGE_KEYS.connectionStatus]: 'connected',
    [STORAGE_KEYS.connectorId]: wallet.descriptor.id,
  })

  it('re-syncs a stored connection without a wallet prompt: connecting, then connected', async () => {
    const wallet = createFakeWallet({ permitted: true })
    const harness = start({ wallets: [wallet], storage: remembered(wallet) })

    await vi.waitFor(() => expect(statuses(harness).at(-1)).toBe('connected'))
    const seen = statuses(harness)
    expect(seen.slice(seen.indexOf('connecting'))).toEqual(['connecting', 'connected'])
    expect(harness.events('account.changed').at(-1)).toEqual({
      status: 'connected',
      address: ALICE,
      chainId: 31_337,
      caipAddress: `eip155:31337:${ALICE}`,
      connectorId: wallet.descriptor.id,
    })
    expect(harness.providerEvents('connect')).toEqual([{ chainId: '0x7a69' }])
    expect(harness.providerEvents('accountsChanged')).toEqual([[ALICE]])
    expect(methodsCalled(wallet)).toContain('eth_accounts')
    expect(methodsCalled(wallet)).not.toContain('eth_requestAccounts')
  })

  it('ends disconnected, and stores that, when the wallet no longer grants an account', async () => {
    const wallet = createFakeWallet({ permitted: false })
    const harness = start({ wallets: [wallet], storage: remembered(wallet) })

    await vi.waitFor(() =>
      expect(harness.hostStorage.get(STORAGE_KEYS.connectionStatus)).toBe('disconnected'),
    )
    const seen = statuses(harness)
    expect(seen).toContain('connecting')
    expect(seen.at(-1)).toBe('disconnected')
    expect(harness.session.store.get().account.status).toBe('disconnected')
    expect(harness.events('storage.set')).toContainEqual({
      key: STORAGE_KEYS.connectionStatus,
      value: 'disconnected',
    })
  })

  it('stays disconnected and corrects the stored status when the stored wallet is not in the page', async () => {
    const wallet = createFakeWallet({ permitted: true })
    const harness = start({ wallets: [wallet], listed: [], storage: remembered(wallet) })

    await vi.waitFor(() =>
      expect(harness.events('storage.set')).toContainEqual({
        key: STORAGE_KEYS.connectionStatus,
        value: 'disconnected',
      }),
    )
    expect(statuses(harness).every((status) => status === 'disconnected')).toBe(true)
    expect(harness.session.store.get().account.status).toBe('disconnected')
    expect(wallet.calls).toEqual([])
  })
})

describe('wallet.connect from the host', () => {
  it('opens the modal on the Connect view', async () => {
    const wallet = createFakeWallet()
    const harness = start({ wallets: [wallet] })
    void harness.host.request('wallet.connect', {}).catch(() => undefined)

    await vi.waitFor(() => expect(harness.session.store.get().open).toBe(true))
    harness.session.reportRendered()
    await vi.waitFor(() =>
      expect(harness.events('modal.state').at(-1)).toEqual({ open: true, view: 'Connect' }),
    )
  })

  it('resolves with the account once the user picks a wallet and approves', async () => {
    const wallet = createFakeWallet()
    const harness = start({ wallets: [wallet] })
    const result = harness.host.request('wallet.connect', {})
    await vi.waitFor(() => expect(harness.session.store.get().open).toBe(true))

    harness.session.selectWallet(wallet.descriptor)

    await expect(result).resolves.toEqual({
      address: ALICE,
      chainId: 31_337,
      caipAddress: `eip155:31337:${ALICE}`,
    })
    expect(methodsCalled(wallet).slice(0, 2)).toEqual(['eth_requestAccounts', 'eth_chainId'])
  })

  it('resolves at once when already connected, without opening the modal again', async () => {
    const { harness } = await connected()
    harness.session.close()
    expect(harness.session.store.get().open).toBe(false)

    await expect(harness.host.request('wallet.connect', {})).resolves.toEqual({
      address: ALICE,
      chainId: 31_337,
      caipAddress: `eip155:31337:${ALICE}`,
    })
    expect(harness.session.store.get().open).toBe(false)
  })

  it('remembers the connection, the wallet and the recent list in the host storage', async () => {
    const wallet = createFakeWallet()
    const { harness } = await connected(wallet)

    await vi.waitFor(() => expect(harness.hostStorage.get(STORAGE_KEYS.recentWallets)).toBeDefined())
    expect(harness.hostStorage.get(STORAGE_KEYS.connectionStatus)).toBe('connected')
    expect(harness.hostStorage.get(STORAGE_KEYS.connectorId)).toBe(wallet.descriptor.id)
    expect(JSON.parse(harness.hostStorage.get(STORAGE_KEYS.recentWallets)!)).toEqual([
      { id: wallet.descriptor.id, name: 'Test Wallet', rdns: wallet.descriptor.rdns },
    ])
  })

  it('rejects with 4001 when the user closes the modal before connecting', async () => {
    const wallet = createFakeWallet()
    const harness = start({ wallets: [wallet] })
    const result = harness.host.request('wallet.connect', {})
    await vi.waitFor(() => expect(harness.session.store.get().open).toBe(true))

    harness.session.close()

    await expect(result).rejects.toMatchObject({ code: 4001 })
    expect(harness.session.store.get().account.status).toBe('disconnected')
  })

  it('rejects with 4001 when the modal is closed during the wallet prompt; a late approval does not connect', async () => {
    const wallet = createFakeWallet()
    let approve: (accounts: string[]) => void = () => {}
    wallet.handlers.eth_requestAccounts = () => new Promise((resolve) => (approve = resolve))
    const harness = start({ wallets: [wallet] })
    const result = harness.host.request('wallet.connect', {})
    await vi.waitFor(() => expect(harness.session.store.get().open).toBe(true))
    harness.session.selectWallet(wallet.descriptor)
    await vi.waitFor(() => expect(methodsCalled(wallet)).toContain('eth_requestAccounts'))

    harness.session.close()
    await expect(result).rejects.toMatchObject({ code: 4001 })
    approve([ALICE])
    await settled()

    await expect(rpc(harness, 'eth_accounts')).resolves.toEqual([])
    expect(statuses(harness)).not.toContain('connected')
  })
})

describe('a connection declined in the wallet', () => {
  it('shows the declined state, and retrying connects', async () => {
    const wallet = createFakeWallet()
    rejectOnce(wallet, 'eth_requestAccounts', 4001, 'User rejected the request.')
    const harness = start({ wallets: [wallet] })
    harness.session.open()
    harness.session.selectWallet(wallet.descriptor)

    await vi.waitFor(() => expect(harness.session.store.get().connecting?.state).toBe('declined'))
    expect(harness.session.store.get().connecting?.message).toBe(UI_MESSAGES.connectionDeclined)
    expect(harness.session.store.get().account.status).toBe('disconnected')

    harness.session.retryConnect()

    await vi.waitFor(() =>
      expect(harness.session.store.get().account).toMatchObject({ status: 'connected', address: ALICE }),
    )
    expect(harness.session.store.get().connecting).toBeUndefined()
    expect(methodsCalled(wallet).filter((method) => method === 'eth_requestAccounts')).toHaveLength(2)
  })

  it("shows a failed state with the wallet's message for other wallet errors", async () => {
    const wallet = createFakeWallet()
    rejectOnce(wallet, 'eth_requestAccounts', -32002, 'Already processing eth_requestAccounts. Please wait.')
    const harness = start({ wallets: [wallet] })
    harness.session.open()
    harness.session.selectWallet(wallet.descriptor)

    await vi.waitFor(() => expect(harness.session.store.get().connecting?.state).toBe('failed'))
    expect(harness.session.store.get().connecting?.message).toBe(
      'Already processing eth_requestAccounts. Please wait.',
    )
    expect(harness.session.store.get().account.status).toBe('disconnected')
  })
})

describe('rpc.request', () => {
  it('answers eth_chainId with the active chain in hex, without a wallet', async () => {
    const wallet = createFakeWallet()
    const harness = start({ wallets: [wallet] })

    await expect(rpc(harness, 'eth_chainId')).resolves.toBe('0x7a69')
    expect(wallet.calls).toEqual([])
  })

  it('answers eth_accounts with [] while disconnected', async () => {
    const harness = start({ wallets: [createFakeWallet()] })
    await expect(rpc(harness, 'eth_accounts')).resolves.toEqual([])
  })

  it('answers eth_accounts with the connected address', async () => {
    const { harness } = await connected()
    await expect(rpc(harness, 'eth_accounts')).resolves.toEqual([ALICE])
  })

  it('answers eth_requestAccounts while disconnected by opening the modal and waiting for the user', async () => {
    const wallet = createFakeWallet()
    const harness = start({ wallets: [wallet] })
    const accounts = rpc(harness, 'eth_requestAccounts')
    await vi.waitFor(() => expect(harness.session.store.get().open).toBe(true))

    harness.session.selectWallet(wallet.descriptor)

    await expect(accounts).resolves.toEqual([ALICE])
  })

  it('refuses personal_sign with 4100 while disconnected, without asking a wallet', async () => {
    const wallet = createFakeWallet()
    const harness = start({ wallets: [wallet] })

    await expect(rpc(harness, 'personal_sign', ['0x48656c6c6f', ALICE])).rejects.toMatchObject({ code: 4100 })
    expect(wallet.calls).toEqual([])
  })

  it.each(['eth_sign', 'foo_bar'])(
    'refuses %s with 4200 "Requested RPC call is not allowed"',
    async (method) => {
      const { harness, wallet } = await connected()

      await expect(rpc(harness, method, [ALICE, '0xdeadbeef'])).rejects.toMatchObject({
        code: 4200,
        message: 'Requested RPC call is not allowed',
      })
      expect(methodsCalled(wallet)).not.toContain(method)
    },
  )

  it('opens the modal on a disallowed method and shows "Action not allowed" after 300 ms (spec §6)', async () => {
    const { harness } = await connected()
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    await expect(rpc(harness, 'eth_sign', [ALICE, '0xdeadbeef'])).rejects.toMatchObject({ code: 4200 })
    expect(harness.session.store.get().open).toBe(true)
    const toastText = () => harness.session.store.get().toast?.message === 'Action not allowed'
    await vi.advanceTimersByTimeAsync(299)
    expect(toastText()).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(toastText()).toBe(true)
  })

  it('passes personal_sign to the connected wallet with its params unchanged and returns its result', async () => {
    const { harness, wallet } = await connected()
    const signature = `0x${'5e'.repeat(65)}`
    wallet.handlers.personal_sign = () => signature
    const params = ['0x48656c6c6f2066726f6d2074657374', ALICE]

    await expect(rpc(harness, 'personal_sign', params)).resolves.toBe(signature)
    expect(wallet.calls.at(-1)).toEqual({ method: 'personal_sign', params })
  })

  it('returns the wallet error of a signature the user refuses', async () => {
    const { harness, wallet } = await connected()
    rejectOnce(wallet, 'personal_sign', 4001, 'User rejected the request.')

    await expect(rpc(harness, 'personal_sign', ['0x01', ALICE])).rejects.toMatchObject({
      code: 4001,
      message: 'User rejected the request.',
    })
  })

  it("answers eth_blockNumber from the active network's node", async () => {
    const wallet = createFakeWallet()
    const harness = start({ wallets: [wallet] })

    const answer = await rpc(harness, 'eth_blockNumber')
    expect(answer).toBe(await nodeRpc(rpcUrl(0), 'eth_blockNumber'))
    expect(Number(answer)).toBeGreaterThan(0)
    expect(wallet.calls).toEqual([])
  })

  it('starts on the network stored by the host before the reload', async () => {
    const harness = start({ wallets: [], storage: { [STORAGE_KEYS.activeNetworkId]: 'eip155:31338' } })
    await expect(rpc(harness, 'eth_chainId')).resolves.toBe('0x7a6a')
  })

  it('refuses network.switch to a network that is not configured with 4902', async () => {
    const harness = start({ wallets: [] })

    await expect(harness.host.request('network.switch', { caipNetworkId: 'eip155:1' })).rejects.toMatchObject(
      {
        code: 4902,
      },
    )
    await expect(rpc(harness, 'eth_chainId')).resolves.toBe('0x7a69')
  })

  it('follows the network picked while disconnected (network.switch)', async () => {
    const harness = start({ wallets: [createFakeWallet()] })

    await harness.host.request('network.switch', { caipNetworkId: 'eip155:31338' })

    await expect(rpc(harness, 'eth_chainId')).resolves.toBe('0x7a6a')
    await expect(rpc(harness, 'eth_blockNumber')).resolves.toBe(await nodeRpc(rpcUrl(1), 'eth_blockNumber'))
    expect(harness.providerEvents('chainChanged')).toEqual(['0x7a6a'])
    expect(harness.hostStorage.get(STORAGE_KEYS.activeNetworkId)).toBe('eip155:31338')
  })

  it('switches the wallet on wallet_switchEthereumChain to a configured chain', async () => {
    const { harness, wallet } = await connected()

    await expect(rpc(harness, 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).resolves.toBeNull()

    expect(wallet.calls.at(-1)).toEqual({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x7a6a' }],
    })
    await vi.waitFor(() => expect(harness.providerEvents('chainChanged')).toEqual(['0x7a6a']))
    expect(harness.events('account.changed').at(-1)).toMatchObject({ status: 'connected', chainId: 31_338 })
    await expect(rpc(harness, 'eth_chainId')).resolves.toBe('0x7a6a')
  })

  it('refuses wallet_switchEthereumChain to a chain that is not configured with 4902', async () => {
    const { harness, wallet } = await connected()

    await expect(rpc(harness, 'wallet_switchEthereumChain', [{ chainId: '0x1' }])).rejects.toMatchObject({
      code: 4902,
    })
    expect(methodsCalled(wallet)).not.toContain('wallet_switchEthereumChain')
    expect(harness.providerEvents('chainChanged')).toEqual([])
  })
})

describe('network.switch while connected', () => {
  it('adds the chain to a wallet that does not know it (4902), then switches', async () => {
    const { harness, wallet } = await connected(createFakeWallet({ knownChains: [31_337] }))

    await expect(
      harness.host.request('network.switch', { caipNetworkId: 'eip155:31338' }),
    ).resolves.toBeNull()

    const switching = wallet.calls.slice(
      wallet.calls.findIndex((call) => call.method === 'wallet_switchEthereumChain'),
    )
    expect(switching).toEqual([
      { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] },
      {
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId: '0x7a6a',
            chainName: networks[1]!.name,
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
            rpcUrls: [rpcUrl(1)],
          },
        ],
      },
      { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] },
    ])
    expect(harness.session.store.get().account.chainId).toBe(31_338)
    await vi.waitFor(() => expect(harness.providerEvents('chainChanged')).toEqual(['0x7a6a']))
  })

  it('rejects with "Chain is not supported" and shows an error toast when the wallet fails to switch', async () => {
    const { harness, wallet } = await connected()
    rejectOnce(wallet, 'wallet_switchEthereumChain', -32603, 'Internal wallet error')

    await expect(
      harness.host.request('network.switch', { caipNetworkId: 'eip155:31338' }),
    ).rejects.toMatchObject({
      message: 'Chain is not supported',
    })
    expect(harness.session.store.get().toast).toMatchObject({
      variant: 'error',
      message: 'Chain is not supported',
    })
    expect(harness.session.store.get().account.chainId).toBe(31_337)
    expect(harness.providerEvents('chainChanged')).toEqual([])
  })

  it('rejects with 4001 and shows no toast when the user refuses the switch in the wallet', async () => {
    const { harness, wallet } = await connected()
    rejectOnce(wallet, 'wallet_switchEthereumChain', 4001, 'User rejected the request.')

    await expect(
      harness.host.request('network.switch', { caipNetworkId: 'eip155:31338' }),
    ).rejects.toMatchObject({
      code: 4001,
    })
    expect(harness.session.store.get().toast).toBeUndefined()
    expect(methodsCalled(wallet)).not.toContain('wallet_addEthereumChain')
  })
})

describe('events of the connected wallet (host.walletEvent)', () => {
  it('follows accountsChanged to another address', async () => {
    const { harness, wallet } = await connected()

    harness.host.emit('host.walletEvent', {
      walletId: wallet.descriptor.id,
      event: 'accountsChanged',
      data: [BOB],
    })

    await vi.waitFor(() =>
      expect(harness.events('account.changed').at(-1)).toMatchObject({ status: 'connected', address: BOB }),
    )
    expect(harness.providerEvents('accountsChanged').at(-1)).toEqual([BOB])
    await expect(rpc(harness, 'eth_accounts')).resolves.toEqual([BOB])
  })

  it('disconnects on accountsChanged []', async () => {
    const { harness, wallet } = await connected()

    harness.host.emit('host.walletEvent', {
      walletId: wallet.descriptor.id,
      event: 'accountsChanged',
      data: [],
    })

    await vi.waitFor(() =>
      expect(harness.events('account.changed').at(-1)).toEqual({ status: 'disconnected' }),
    )
    expect(harness.providerEvents('disconnect')).toHaveLength(1)
    expect(harness.hostStorage.get(STORAGE_KEYS.connectionStatus)).toBe('disconnected')
  })

  it('disconnects when the wallet reports disconnect', async () => {
    const { harness, wallet } = await connected()

    harness.host.emit('host.walletEvent', {
      walletId: wallet.descriptor.id,
      event: 'disconnect',
      data: { code: 4900, message: 'Disconnected' },
    })

    await vi.waitFor(() =>
      expect(harness.events('account.changed').at(-1)).toEqual({ status: 'disconnected' }),
    )
    await expect(rpc(harness, 'eth_accounts')).resolves.toEqual([])
  })

  it('opens the modal on UnsupportedChain when the wallet moves to a chain that is not configured', async () => {
    const { harness, wallet } = await connected()
    harness.session.close()
    expect(harness.session.store.get().open).toBe(false)

    harness.host.emit('host.walletEvent', {
      walletId: wallet.descriptor.id,
      event: 'chainChanged',
      data: '0x1',
    })

    await vi.waitFor(() => expect(harness.session.store.get().view).toBe('UnsupportedChain'))
    expect(harness.session.store.get().open).toBe(true)
    harness.session.reportRendered()
    await vi.waitFor(() =>
      expect(harness.events('modal.state').at(-1)).toEqual({ open: true, view: 'UnsupportedChain' }),
    )
    expect(harness.providerEvents('chainChanged')).toEqual(['0x1'])
  })

  it('ignores events from another wallet', async () => {
    const { harness } = await connected()
    const before = harness.log.length

    harness.host.emit('host.walletEvent', { walletId: 'io.other.wallet', event: 'accountsChanged', data: [] })
    harness.host.emit('host.walletEvent', { walletId: 'io.other.wallet', event: 'chainChanged', data: '0x1' })

    // The channel is ordered: these answers come after both events were handled.
    await expect(rpc(harness, 'eth_accounts')).resolves.toEqual([ALICE])
    await expect(rpc(harness, 'eth_chainId')).resolves.toBe('0x7a69')
    expect(harness.log.slice(before)).toEqual([])
    expect(harness.session.store.get().view).not.toBe('UnsupportedChain')
  })
})

describe('wallet.disconnect', () => {
  it('tells the host, forgets the connector and ends disconnected', async () => {
    const { harness, wallet } = await connected()

    await expect(harness.host.request('wallet.disconnect', {})).resolves.toBeNull()

    await vi.waitFor(() => expect(harness.providerEvents('disconnect')).toHaveLength(1))
    expect(harness.providerEvents('disconnect')[0]).toMatchObject({ code: 4900 })
    expect(harness.events('account.changed').at(-1)).toEqual({ status: 'disconnected' })
    expect(harness.hostStorage.get(STORAGE_KEYS.connectionStatus)).toBe('disconnected')
    expect(harness.events('storage.remove')).toContainEqual({ key: STORAGE_KEYS.connectorId })
    expect(harness.hostStorage.has(STORAGE_KEYS.connectorId)).toBe(false)
    expect(methodsCalled(wallet)).toContain('wallet_revokePermissions')
    await expect(rpc(harness, 'eth_accounts')).resolves.toEqual([])
  })

  it('still disconnects when the wallet fails to revoke its permission', async () => {
    const { harness, wallet } = await connected()
    wallet.handlers.wallet_revokePermissions = () => {
      throw new ProviderRpcError(-32603, 'revoke failed')
    }

    await expect(harness.host.request('wallet.disconnect', {})).resolves.toBeNull()
    await vi.waitFor(() =>
      expect(harness.events('account.changed').at(-1)).toEqual({ status: 'disconnected' }),
    )
  })
})

describe('theme.set', () => {
  it('switches the theme mode', async () => {
    const harness = start({ wallets: [] })
    expect(harness.session.store.get().themeMode).toBe('dark')

    await harness.host.request('theme.set', { themeMode: 'light' })

    expect(harness.session.store.get().themeMode).toBe('light')
  })

  it('merges theme variables into the current ones', async () => {
    const harness = start({ wallets: [] })

    await harness.host.request('theme.set', { themeVariables: { '--wf-border-radius-master': '8px' } })

    expect(harness.session.store.get().themeVariables).toEqual({
      '--wf-accent': '#3396ff',
      '--wf-border-radius-master': '8px',
    })
    expect(harness.session.store.get().themeMode).toBe('dark')
  })
})

describe('balance', () => {
  it("reads the connected account's balance from the network", async () => {
    const { harness } = await connected()

    await vi.waitFor(() => expect(harness.session.store.get().balance.state).toBe('loaded'))
    expect(harness.session.store.get().balance.value).toBe(
      BigInt(String(await nodeRpc(rpcUrl(0), 'eth_getBalance', [ALICE, 'latest']))),
    )
  })
})

describe('embedded mode (spec §2: mounted inline by the host)', () => {
  it('opens at once on Connect, and a close from another view goes back to Connect, never hidden', async () => {
    const harness = start({ wallets: [], init: { embedded: true } })
    await vi.waitFor(() => expect(harness.session.store.get().open).toBe(true))
    expect(harness.session.store.get().view).toBe('Connect')
    harness.session.push('AllWallets')
    await vi.waitFor(() => expect(harness.session.store.get().view).toBe('AllWallets'))
    harness.session.close()
    await vi.waitFor(() => expect(harness.session.store.get().view).toBe('Connect'))
    expect(harness.session.store.get().open).toBe(true)
  })

  it('a close once connected goes to Account', async () => {
    const wallet = createFakeWallet()
    const harness = start({ wallets: [wallet], init: { embedded: true } })
    await connectWallet(harness, wallet)
    harness.session.push('Networks')
    await vi.waitFor(() => expect(harness.session.store.get().view).toBe('Networks'))
    harness.session.close()
    await vi.waitFor(() => expect(harness.session.store.get().view).toBe('Account'))
    expect(harness.session.store.get().open).toBe(true)
  })
})
