/**
 * Connectors run where their wallet lives: once the modal reports a page wallet connected, the SDK
 * talks to it directly. The SDK in a fake page, the fake modal on a real MessageChannel, whose
 * traffic the tests count.
 */
import { CHANNEL_ERRORS, MODAL_ERRORS, TIME, WalletFrameError } from '@walletframe/protocol'
import { describe, expect, it, vi } from 'vitest'
import { ADDRESS } from '../test/fake-modal.ts'
import { createFakeWallet, installWallet, TEST_WALLET_INFO } from '../test/fake-wallet.ts'
import { errorOf, openPage } from '../test/page.ts'

const WALLET_ID = TEST_WALLET_INFO.rdns
const OTHER = '0x2222222222222222222222222222222222222222'

/** A page whose test wallet the modal reports connected (or `connectorId`, e.g. WalletConnect's). */
async function connectedPage(
  connectorId = WALLET_ID,
  { answers = {}, ...options }: { debug?: boolean; answers?: Record<string, unknown> } = {},
) {
  const wallet = createFakeWallet({
    personal_sign: '0x5167',
    eth_sendTransaction: '0x7478',
    eth_chainId: '0x7a69',
    ...answers,
  })
  const page = openPage({ preload: true, ...options })
  installWallet(page.win, wallet)
  const modal = await page.nextModal()
  modal.messenger.emit('account.changed', {
    status: 'connected',
    address: ADDRESS,
    chainId: 31337,
    caipAddress: `eip155:31337:${ADDRESS}`,
    connectorId,
  })
  await vi.waitFor(() => expect(page.wf.getAccount().connectorId).toBe(connectorId))
  /** The methods that crossed the port each way since this call, after one more round trip. */
  const trafficFrom = () => {
    const [toModal, toHost] = [modal.traffic.toModal.length, modal.traffic.toHost.length]
    return async () => {
      await page.wf.close() // messages keep their order on a port: all sent before it have arrived
      return {
        toModal: modal.traffic.toModal.slice(toModal).map((m) => m.method),
        toHost: modal.traffic.toHost.slice(toHost).map((m) => m.method),
      }
    }
  }
  return { ...page, wallet, modal, trafficFrom }
}

const walletMethods = (wallet: ReturnType<typeof createFakeWallet>) =>
  wallet.request.mock.calls.map(([args]) => args.method)

describe('a connected page wallet', () => {
  it('gets personal_sign directly, with no channel message between SDK and modal', async () => {
    const { wf, wallet, trafficFrom } = await connectedPage()
    const traffic = trafficFrom()
    const params = ['0x68656c6c6f', ADDRESS]
    await expect(wf.request({ method: 'personal_sign', params })).resolves.toBe('0x5167')
    expect(wallet.request).toHaveBeenCalledWith({ method: 'personal_sign', params })
    expect(await traffic()).toEqual({ toModal: ['modal.close'], toHost: ['modal.state', 'modal.close'] })
  })

  it('keeps its provider when another announces the same rdns: that one gets nothing', async () => {
    const { win, wf, wallet } = await connectedPage()
    const impostor = createFakeWallet({ personal_sign: '0x1mp0' })
    installWallet(win, impostor, { uuid: '8f0b3c2e-5d7a-4e1b-9c6f-2a3b4c5d6e7f' })
    win.dispatchEvent(new Event('eip6963:requestProvider'))
    await expect(wf.request({ method: 'personal_sign', params: ['0x68', ADDRESS] })).resolves.toBe('0x5167')
    expect(walletMethods(wallet)).toEqual(['personal_sign'])
    expect(impostor.request).not.toHaveBeenCalled()
  })

  it('gets eth_sendTransaction directly, and the modal hears host.transactionSent once', async () => {
    const { wf, modal, trafficFrom } = await connectedPage()
    const sent: unknown[] = []
    modal.messenger.on('host.transactionSent', (params) => sent.push(params))
    const traffic = trafficFrom()
    const tx = { from: ADDRESS, to: OTHER, value: '0x1' }
    await expect(wf.request({ method: 'eth_sendTransaction', params: [tx] })).resolves.toBe('0x7478')
    expect((await traffic()).toModal).toEqual(['host.transactionSent', 'modal.close'])
    expect(sent).toEqual([{ walletId: WALLET_ID }])
  })

  it('gets the EIP-5792 and ERC-7715 methods directly, as the dapp sent them (issue 14)', async () => {
    const calls: [string, unknown[]][] = [
      ['wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', from: ADDRESS, calls: [{ to: OTHER }] }]],
      ['wallet_getCallsStatus', ['0x01']],
      ['wallet_getCapabilities', [ADDRESS, ['0x7a69']]],
      ['wallet_showCallsStatus', ['0x01']],
      ['wallet_requestExecutionPermissions', [{ chainId: '0x7a69', to: OTHER }]],
      ['wallet_revokeExecutionPermission', [{ permissionContext: '0x01' }]],
      ['wallet_getSupportedExecutionPermissions', []],
      ['wallet_getGrantedExecutionPermissions', []],
    ]
    const answers = Object.fromEntries(calls.map(([method]) => [method, { answeredBy: method }]))
    const { wf, wallet, trafficFrom } = await connectedPage(WALLET_ID, { answers })
    const traffic = trafficFrom()
    for (const [method, params] of calls)
      await expect(wf.request({ method, params })).resolves.toEqual({ answeredBy: method })
    expect(wallet.request.mock.calls.map(([args]) => args)).toEqual(
      calls.map(([method, params]) => ({ method, params })),
    )
    // Only the batch is a transaction the modal hears of (its balance is stale); nothing else crosses.
    expect((await traffic()).toModal).toEqual(['host.transactionSent', 'modal.close'])
  })

  it('sends reads and methods no list allows to the modal, never to the wallet', async () => {
    const { wf, wallet, modal, trafficFrom } = await connectedPage()
    // The modal answers reads from the dapp's network and refuses what spec §5/§6 do not allow.
    modal.messenger.handle('rpc.request', ({ method }) => {
      if (method === 'eth_blockNumber') return '0x10'
      throw new WalletFrameError(MODAL_ERRORS.rpcNotAllowed)
    })
    const traffic = trafficFrom()
    await expect(wf.request({ method: 'eth_blockNumber' })).resolves.toBe('0x10')
    const error = await errorOf(wf.request({ method: 'eth_sign', params: [ADDRESS, '0x00'] }))
    expect(error).toMatchObject({ code: 4200, reason: MODAL_ERRORS.rpcNotAllowed.reason })
    expect(walletMethods(wallet)).toEqual([])
    expect((await traffic()).toModal).toEqual(['rpc.request', 'rpc.request', 'modal.close'])
  })

  it('turns wallet_switchEthereumChain into the modal’s network.switch', async () => {
    const { wf, wallet, modal } = await connectedPage()
    const switched = vi.fn(() => null)
    modal.messenger.handle('network.switch', switched)
    const request = { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] }
    await expect(wf.request(request)).resolves.toBeNull()
    expect(switched).toHaveBeenCalledWith({ caipNetworkId: 'eip155:31338' }, expect.anything())
    expect(walletMethods(wallet)).toEqual([])
  })

  it('sends its accounts and events to the dapp only through the modal, which checks them', async () => {
    const { wf, wallet, modal, trafficFrom } = await connectedPage()
    const heard = vi.fn()
    wf.getProvider('eip155').on('accountsChanged', heard)
    const told: unknown[] = []
    modal.messenger.on('host.walletEvent', (event) => told.push(event))
    modal.messenger.handle('rpc.request', () => [ADDRESS])
    const traffic = trafficFrom()
    wallet.emit('accountsChanged', ['0xbad'])
    await expect(wf.request({ method: 'eth_accounts' })).resolves.toEqual([ADDRESS])
    expect(walletMethods(wallet)).toEqual([])
    expect(heard).not.toHaveBeenCalled() // the modal refuses a bad address: the dapp never hears it
    expect(told).toEqual([{ walletId: WALLET_ID, event: 'accountsChanged', data: ['0xbad'] }])
    // A good one: the modal updates its state and tells the dapp, once.
    wallet.emit('accountsChanged', [OTHER])
    modal.messenger.emit('provider.event', { event: 'accountsChanged', data: [OTHER] })
    expect((await traffic()).toModal).toEqual([
      'host.walletEvent',
      'rpc.request',
      'host.walletEvent',
      'modal.close',
    ])
    expect(heard.mock.calls).toEqual([[[OTHER]]])
  })
})

describe('requests go to the modal', () => {
  it('while WalletConnect is the connected connector, and after a disconnect', async () => {
    const { wf, wallet, modal } = await connectedPage('walletConnect')
    const asked: unknown[] = []
    modal.messenger.handle('rpc.request', (params) => {
      asked.push(params)
      return '0x5167'
    })
    await expect(wf.request({ method: 'personal_sign', params: ['0x00', ADDRESS] })).resolves.toBe('0x5167')
    expect(asked).toEqual([{ method: 'personal_sign', params: ['0x00', ADDRESS] }])
    modal.messenger.emit('account.changed', { status: 'disconnected' })
    await vi.waitFor(() => expect(wf.getAccount().status).toBe('disconnected'))
    await wf.request({ method: 'eth_accounts' })
    expect(asked).toHaveLength(2)
    expect(walletMethods(wallet)).toEqual([])
  })
})

describe('the modal giving up on host.walletRequest', () => {
  /** Resolves once the SDK's handler has settled a request the modal had cancelled. */
  const settledAfterCancel = (debug: ReturnType<typeof vi.spyOn>) =>
    vi.waitFor(() =>
      expect(debug).toHaveBeenCalledWith('[walletframe]', 'answer after cancel', 'host.walletRequest'),
    )

  it('a cancel ends the SDK’s wait on the wallet’s prompt', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {})
    const { wallet, modal } = await connectedPage(WALLET_ID, { debug: true })
    wallet.request.mockImplementation(() => new Promise(() => {})) // the user never answers
    const controller = new AbortController()
    const asked = modal.messenger.request(
      'host.walletRequest',
      { walletId: WALLET_ID, method: 'eth_requestAccounts' },
      { signal: controller.signal },
    )
    await vi.waitFor(() => expect(walletMethods(wallet)).toEqual(['eth_requestAccounts']))
    controller.abort()
    expect(await errorOf(asked)).toMatchObject({ reason: CHANNEL_ERRORS.cancelled.reason })
    await settledAfterCancel(debug)
    debug.mockRestore()
  })

  it('the deadline of the outer network.switch cancels the inner wallet request', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {})
    const { wf, wallet, modal } = await connectedPage(WALLET_ID, { debug: true })
    wallet.request.mockImplementation(() => new Promise(() => {}))
    modal.messenger.handle('network.switch', async (_params, { signal }) => {
      const args = {
        walletId: WALLET_ID,
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: '0x7a6a' }],
      }
      await modal.messenger.request('host.walletRequest', args, { signal })
      return null
    })
    vi.useFakeTimers()
    const switched = errorOf(wf.switchNetwork('eip155:31338'))
    await vi.waitFor(() => expect(walletMethods(wallet)).toEqual(['wallet_switchEthereumChain']))
    await vi.advanceTimersByTimeAsync(TIME.userActionTimeoutMs)
    expect(await switched).toMatchObject({ reason: CHANNEL_ERRORS.timeout.reason })
    await settledAfterCancel(debug)
    debug.mockRestore()
  })
})
