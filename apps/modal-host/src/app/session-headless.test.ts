/**
 * Headless mode and ERC-7846 `wallet_connect` through the real channel, the host played by the
 * test: `wallet.list`, `wallet.connect` with a wallet id, and connect-and-sign-in in one request.
 */
import { formatSiwxMessage, MODAL_ERRORS, PROVIDER_ERRORS, utf8ToHex } from '@walletframe/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ALICE, createFakeWallet } from '../features/connect/test-wallet.ts'
import { connectWallet, type SessionHarness, startSession, testNetwork } from './test-support.ts'

const networks = [testNetwork(31337, 'http://127.0.0.1:9/'), testNetwork(31338, 'http://127.0.0.1:9/')]
const ORIGIN = 'https://dapp.example:8443'
const harnesses: SessionHarness[] = []
afterEach(() => {
  for (const harness of harnesses.splice(0)) harness.close()
})

function start(options: { excludeWalletIds?: string[] } = {}) {
  const harbor = createFakeWallet({ id: 'io.harbor', name: 'Harbor' })
  const test = createFakeWallet({ name: 'Test Wallet' })
  const harness = startSession({
    networks,
    wallets: [harbor, test],
    init: { metadata: { name: 'Dapp', url: ORIGIN }, excludeWalletIds: options.excludeWalletIds ?? [] },
  })
  harnesses.push(harness)
  return { harness, harbor, test }
}

describe('headless mode', () => {
  it('wallet.list gives the wallets the Connect view shows, in its order, an excluded one left out', async () => {
    const { harness } = start({ excludeWalletIds: ['io.harbor'] })
    await expect(harness.host.request('wallet.list', {})).resolves.toEqual([
      { id: 'dev.walletframe.testwallet', name: 'Test Wallet', type: 'injected', installed: true },
    ])
    const all = start()
    await expect(all.harness.host.request('wallet.list', {})).resolves.toEqual([
      { id: 'io.harbor', name: 'Harbor', type: 'injected', installed: true },
      { id: 'dev.walletframe.testwallet', name: 'Test Wallet', type: 'injected', installed: true },
    ])
  })

  it('wallet.connect with a wallet id asks that wallet at once, on its connecting view', async () => {
    const { harness, harbor, test } = start()
    // The wallet's prompt stays up until the user approves it.
    let approve = () => {}
    test.handlers.eth_requestAccounts = () =>
      new Promise((resolve) => {
        approve = () => {
          test.state.permitted = true
          resolve([ALICE])
        }
      })
    const connected = harness.host.request('wallet.connect', { walletId: 'dev.walletframe.testwallet' })
    await vi.waitFor(() => expect(harness.session.store.get().view).toBe('ConnectingExternal'))
    expect(harness.session.store.get().open).toBe(true)
    expect(harness.session.store.get().connecting?.wallet.id).toBe('dev.walletframe.testwallet')
    approve()
    await expect(connected).resolves.toMatchObject({ address: ALICE, chainId: 31337 })
    expect(test.calls.map((call) => call.method)).toContain('eth_requestAccounts')
    expect(harbor.calls).toEqual([])
  })

  it('wallet.connect with an unknown wallet id rejects with UnknownWallet and opens nothing', async () => {
    const { harness } = start({ excludeWalletIds: ['io.harbor'] })
    for (const walletId of ['io.nope', 'io.harbor'])
      await expect(harness.host.request('wallet.connect', { walletId })).rejects.toMatchObject({
        code: MODAL_ERRORS.unknownWallet.code,
        reason: MODAL_ERRORS.unknownWallet.reason,
        message: `${MODAL_ERRORS.unknownWallet.message}`,
      })
    expect(harness.session.store.get().open).toBe(false)
  })
})

describe('ERC-7846 wallet_connect', () => {
  const signIn = { nonce: 'n0nce1234567', chainId: '0x7a69', statement: 'Sign in to Dapp' }
  const walletConnect = (harness: SessionHarness, params?: unknown) =>
    harness.host.request('rpc.request', { method: 'wallet_connect', params: params as never })

  it('connects through the modal and signs the EIP-4361 message of this page in the same request', async () => {
    const { harness, test } = start()
    const answered = walletConnect(harness, [{ version: '1', capabilities: { signInWithEthereum: signIn } }])
    await vi.waitFor(() => expect(harness.session.store.get().open).toBe(true))
    harness.session.selectWallet(test.descriptor)
    const result = (await answered) as {
      accounts: {
        address: string
        capabilities: { signInWithEthereum: { message: string; signature: string } }
      }[]
    }
    const [account] = result.accounts
    expect(account!.address).toBe(ALICE)
    const { message, signature } = account!.capabilities.signInWithEthereum
    const issuedAt = /Issued At: (.*)/.exec(message)![1]!
    expect(message).toBe(
      formatSiwxMessage({
        domain: 'dapp.example:8443',
        uri: ORIGIN,
        address: ALICE,
        chainId: 31337,
        nonce: signIn.nonce,
        statement: signIn.statement,
        issuedAt: new Date(issuedAt),
      }),
    )
    expect(signature).toBe(`0x${'ab'.repeat(65)}`)
    expect(test.calls.at(-1)).toEqual({ method: 'personal_sign', params: [utf8ToHex(message), ALICE] })
  })

  it('without capabilities only connects; connected already, it asks nothing', async () => {
    const { harness, test } = start()
    await connectWallet(harness, test)
    const calls = test.calls.length
    await expect(walletConnect(harness)).resolves.toEqual({
      accounts: [{ address: ALICE, capabilities: {} }],
    })
    await expect(walletConnect(harness, [{}])).resolves.toEqual({
      accounts: [{ address: ALICE, capabilities: {} }],
    })
    // An optional capability the modal does not know is skipped (ERC-5792).
    await expect(
      walletConnect(harness, [{ capabilities: { spendPermissions: { optional: true } } }]),
    ).resolves.toEqual({
      accounts: [{ address: ALICE, capabilities: {} }],
    })
    expect(test.calls.length).toBe(calls)
  })

  it('refuses bad params with a typed error before opening anything', async () => {
    const { harness } = start()
    const cases: [unknown, RegExp][] = [
      [[1, 2], /Invalid|expected/i],
      [[{ capabilities: { signInWithEthereum: { ...signIn, nonce: 'short' } } }], /nonce/],
      [[{ capabilities: { signInWithEthereum: { ...signIn, chainId: '0x5' } } }], /chainId 0x5/],
      [[{ capabilities: { signInWithEthereum: { ...signIn, domain: 'evil.example' } } }], /domain/],
      [[{ capabilities: { signInWithEthereum: { ...signIn, uri: 'https://evil.example/' } } }], /uri/],
      [[{ capabilities: { signInWithEthereum: { ...signIn, statement: 'two\nlines' } } }], /statement/],
      [[{ capabilities: { spendPermissions: {} } }], /unsupported capability spendPermissions/],
    ]
    for (const [params, details] of cases) {
      const error = await walletConnect(harness, params).catch((e: unknown) => e)
      expect(error).toMatchObject({ code: -32602, reason: MODAL_ERRORS.invalidWalletConnect.reason })
      expect((error as Error).message).toMatch(details)
    }
    expect(harness.session.store.get().open).toBe(false)
  })

  it('rejects with 4001 when the user closes the modal instead of connecting', async () => {
    const { harness } = start()
    const answered = walletConnect(harness, [{ capabilities: { signInWithEthereum: signIn } }])
    await vi.waitFor(() => expect(harness.session.store.get().open).toBe(true))
    harness.session.close()
    await expect(answered).rejects.toMatchObject({ code: PROVIDER_ERRORS.userRejected.code })
  })
})
