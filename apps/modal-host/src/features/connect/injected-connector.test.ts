/** The host-injected connector over a real channel, with the test playing the SDK and its wallets. */
import { CHANNEL_ERRORS, MODAL_ERRORS, WalletFrameError } from '@walletframe/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { WalletConnector } from '../core/index.ts'
import { createInjectedConnector } from './injected-connector.ts'
import {
  ALICE,
  BOB,
  createFakeWallet,
  type FakeWallet,
  openChannel,
  rejectOnce,
  serveWallets,
} from './test-wallet.ts'

const channels: ReturnType<typeof openChannel>[] = []
afterEach(() => {
  for (const channel of channels.splice(0)) channel.close()
})

/** The connector for `wallets[0]`; every wallet in `wallets` is present in the host page. */
function setup(...wallets: FakeWallet[]) {
  const channel = openChannel()
  channels.push(channel)
  serveWallets(channel.host, wallets)
  return createInjectedConnector(wallets[0]!.descriptor, channel.modal)
}

const methodsCalled = (wallet: FakeWallet) => wallet.calls.map((call) => call.method)

describe('injected connector', () => {
  it('describes the wallet it reaches', () => {
    const wallet = createFakeWallet({ id: 'io.example.wallet', name: 'Example' })
    const connector = setup(wallet)
    expect({ id: connector.id, name: connector.name, type: connector.type }).toEqual({
      id: 'io.example.wallet',
      name: 'Example',
      type: 'ANNOUNCED',
    })
  })

  it('connects by asking eth_requestAccounts, then eth_chainId', async () => {
    const wallet = createFakeWallet({ chainId: 31_338 })
    const connector = setup(wallet)

    await expect(connector.connect()).resolves.toEqual({ address: ALICE, chainId: 31_338 })
    expect(methodsCalled(wallet)).toEqual(['eth_requestAccounts', 'eth_chainId'])
  })

  it('asks only the wallet it was made for', async () => {
    const chosen = createFakeWallet({ id: 'io.chosen', address: BOB })
    const other = createFakeWallet({ id: 'io.other' })
    const connector = setup(chosen, other)

    await expect(connector.connect()).resolves.toMatchObject({ address: BOB })
    expect(other.calls).toEqual([])
  })

  it('passes on the wallet rejection (4001) when the user declines', async () => {
    const wallet = createFakeWallet()
    rejectOnce(wallet, 'eth_requestAccounts', 4001, 'User rejected the request.')
    const connector = setup(wallet)

    await expect(connector.connect()).rejects.toMatchObject({
      code: 4001,
      message: 'User rejected the request.',
    })
    expect(methodsCalled(wallet)).toEqual(['eth_requestAccounts'])
  })

  it('fails to connect when the wallet grants no account', async () => {
    const wallet = createFakeWallet()
    wallet.handlers.eth_requestAccounts = () => []
    const connector = setup(wallet)

    await expect(connector.connect()).rejects.toBeInstanceOf(WalletFrameError)
  })

  it.each([
    [['0x1234']],
    [[ALICE.replace('f39Fd6', 'F39fD6')]], // mixed case, wrong EIP-55 checksum
    [[BOB, 'not an address']],
    [ALICE],
    [{ 0: ALICE }],
  ])('refuses the accounts %j with a typed error, for connect and reconnect', async (accounts) => {
    const wallet = createFakeWallet({ permitted: true })
    wallet.handlers.eth_requestAccounts = () => accounts
    wallet.handlers.eth_accounts = () => accounts
    const connector = setup(wallet)

    for (const attempt of [connector.connect(), connector.reconnect()])
      await expect(attempt).rejects.toMatchObject({
        reason: MODAL_ERRORS.walletBadAddress.reason,
        code: -32000,
      })
    expect(methodsCalled(wallet)).toEqual(['eth_requestAccounts', 'eth_accounts'])
  })

  it('takes lowercase and checksummed addresses alike', async () => {
    const wallet = createFakeWallet()
    wallet.handlers.eth_requestAccounts = () => [BOB.toLowerCase(), ALICE]
    const connector = setup(wallet)
    await expect(connector.connect()).resolves.toEqual({ address: BOB.toLowerCase(), chainId: 31_337 })
  })

  it.each(['0x0', 'banana', null])('treats the chain id %j from the wallet as an error', async (chainId) => {
    const wallet = createFakeWallet()
    wallet.handlers.eth_chainId = () => chainId
    const connector = setup(wallet)

    const failure = await connector.connect().catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(WalletFrameError)
    expect(failure).toMatchObject({ code: -32000 })
  })

  it('reconnects with eth_accounts, without a prompt', async () => {
    const wallet = createFakeWallet({ permitted: true })
    const connector = setup(wallet)

    await expect(connector.reconnect()).resolves.toEqual({ address: ALICE, chainId: 31_337 })
    expect(methodsCalled(wallet)).toEqual(['eth_accounts', 'eth_chainId'])
  })

  it('reconnects to nothing when the wallet answers eth_accounts with []', async () => {
    const wallet = createFakeWallet({ permitted: false })
    const connector = setup(wallet)

    await expect(connector.reconnect()).resolves.toBeUndefined()
    expect(methodsCalled(wallet)).toEqual(['eth_accounts'])
  })

  it('passes requests to the wallet and returns its result', async () => {
    const wallet = createFakeWallet()
    wallet.handlers.eth_signTypedData_v4 = (params) => ({ echoed: params })
    const connector = setup(wallet)
    const params = [ALICE, '{"types":{}}']

    await expect(connector.request('eth_signTypedData_v4', params)).resolves.toEqual({ echoed: params })
    expect(wallet.calls).toEqual([{ method: 'eth_signTypedData_v4', params }])
  })

  it('revokes the account permission on disconnect', async () => {
    const wallet = createFakeWallet({ permitted: true })
    const connector = setup(wallet)

    await connector.disconnect()

    await vi.waitFor(() => expect(wallet.state.permitted).toBe(false))
    expect(wallet.calls).toEqual([{ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }])
  })

  it('does not wait on a wallet that never answers the revoke', async () => {
    const wallet = createFakeWallet({ permitted: true })
    wallet.handlers.wallet_revokePermissions = () => new Promise(() => {})
    const connector = setup(wallet)

    await expect(connector.disconnect()).resolves.toBeUndefined()
  })

  it('disconnects from a wallet without wallet_revokePermissions', async () => {
    const wallet = createFakeWallet({ permitted: true })
    delete wallet.handlers.wallet_revokePermissions
    const connector = setup(wallet)

    await expect(connector.disconnect()).resolves.toBeUndefined()
    await vi.waitFor(() => expect(methodsCalled(wallet)).toEqual(['wallet_revokePermissions']))
  })

  it.each([
    ['connect', (connector: WalletConnector, signal: AbortSignal) => connector.connect({ signal })],
    [
      'a request',
      (connector: WalletConnector, signal: AbortSignal) => connector.request('personal_sign', [], { signal }),
    ],
  ])(
    'passes the signal of %s on to host.walletRequest: aborting it ends the host’s handling',
    async (_name, run) => {
      const channel = openChannel()
      channels.push(channel)
      const handling: AbortSignal[] = []
      channel.host.handle('host.walletRequest', (_params, { signal }) => {
        handling.push(signal)
        return new Promise(() => {}) // the wallet's prompt stays open
      })
      const wallet = createFakeWallet()
      const connector = createInjectedConnector(wallet.descriptor, channel.modal)
      const controller = new AbortController()
      const outcome = run(connector, controller.signal).catch((error: unknown) => error)
      await vi.waitFor(() => expect(handling).toHaveLength(1))
      controller.abort()
      expect(await outcome).toMatchObject({ reason: CHANNEL_ERRORS.cancelled.reason })
      await vi.waitFor(() => expect(handling[0]!.aborted).toBe(true))
    },
  )
})
