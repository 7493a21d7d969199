import { WALLETFRAME_NAME, WALLETFRAME_RDNS } from '@walletframe/protocol'
import { describe, expect, it, vi } from 'vitest'
import { announceWallet, createFakeWallet, installWallet, TEST_WALLET_INFO } from '../test/fake-wallet.ts'
import { createFakeWindow } from '../test/fake-window.ts'
import { discoverWallets } from './discovery.ts'

function start(win: Window, eip6963 = true) {
  const onChange = vi.fn()
  const onEvent = vi.fn()
  return { discovery: discoverWallets(win, eip6963, onChange, onEvent), onChange, onEvent }
}

const testWalletDescriptor = {
  id: 'dev.walletframe.testwallet',
  name: 'Test Wallet',
  icon: TEST_WALLET_INFO.icon,
  rdns: 'dev.walletframe.testwallet',
  type: 'ANNOUNCED',
  installed: true,
}

describe('wallet discovery', () => {
  it('asks for announcements at start and lists an announced wallet by rdns', () => {
    const { win } = createFakeWindow()
    const wallet = createFakeWallet()
    installWallet(win, wallet) // installed before the SDK: found through requestProvider
    const { discovery, onChange } = start(win)
    expect(discovery.descriptors()).toEqual([testWalletDescriptor])
    expect(discovery.list()[0]!.provider).toBe(wallet)
    expect(onChange).toHaveBeenCalledTimes(1)
  })

  it('lists a wallet announced later and tells of the change once per new wallet', () => {
    const { win } = createFakeWindow()
    const { discovery, onChange } = start(win)
    expect(discovery.descriptors()).toEqual([])
    const wallet = createFakeWallet()
    announceWallet(win, wallet)
    announceWallet(win, wallet) // the same wallet again: deduplicated
    expect(onChange).toHaveBeenCalledTimes(1)
    announceWallet(win, createFakeWallet(), { rdns: 'io.metamask', name: 'MetaMask' })
    expect(onChange).toHaveBeenCalledTimes(2)
    expect(discovery.descriptors().map((d) => d.id)).toEqual(['dev.walletframe.testwallet', 'io.metamask'])
  })

  it('ignores malformed announcements and its own', () => {
    const { win } = createFakeWindow()
    const { discovery, onChange } = start(win)
    const wallet = createFakeWallet()
    win.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: null }))
    win.dispatchEvent(new CustomEvent('eip6963:announceProvider'))
    announceWallet(win, wallet, { rdns: '' })
    announceWallet(win, wallet, { name: 42 as never })
    announceWallet(win, { notAProvider: true })
    announceWallet(win, wallet, { rdns: 'x'.repeat(129) })
    announceWallet(win, wallet, { rdns: WALLETFRAME_RDNS, name: WALLETFRAME_NAME })
    expect(discovery.descriptors()).toEqual([])
    expect(onChange).not.toHaveBeenCalled()
  })

  it('keeps the first provider of an rdns: another announcing the same rdns is ignored', () => {
    const { win } = createFakeWindow()
    const { discovery, onChange, onEvent } = start(win)
    const first = createFakeWallet()
    const impostor = createFakeWallet()
    announceWallet(win, first)
    announceWallet(win, impostor, { uuid: 'c2a4f0a4-9a9e-4c55-8a43-0a4d5b7b0f11', name: 'Test Wallet 2' })
    announceWallet(win, first) // the rightful one announcing again changes nothing either
    expect(discovery.list().map((w) => w.provider)).toEqual([first])
    expect(discovery.descriptors()).toEqual([testWalletDescriptor])
    expect(onChange).toHaveBeenCalledTimes(1)
    impostor.emit('accountsChanged', ['0xabc']) // its events are not the wallet's
    expect(onEvent).not.toHaveBeenCalled()
    expect(impostor.listenerCount('accountsChanged')).toBe(0)
  })

  it('never lists a WalletFrame provider, announced under another rdns or as window.ethereum', () => {
    const ours = Object.assign(createFakeWallet(), { isWalletFrame: true })
    const { win } = createFakeWindow({ ethereum: ours })
    const { discovery, onChange } = start(win)
    announceWallet(win, ours, { rdns: 'com.example.wrapper', name: 'Wrapper' })
    expect(discovery.descriptors()).toEqual([])
    expect(onChange).not.toHaveBeenCalled()
  })

  it('drops an icon too long for the modal but keeps the wallet, and shortens a long name', () => {
    const { win } = createFakeWindow()
    const { discovery } = start(win)
    announceWallet(win, createFakeWallet(), {
      icon: `data:image/png;base64,${'A'.repeat(200_000)}`,
      name: 'N'.repeat(80),
    })
    const [descriptor] = discovery.descriptors()
    expect(descriptor?.icon).toBeUndefined()
    expect(descriptor?.name).toBe('N'.repeat(64))
  })

  it('lists a legacy window.ethereum as the injected Browser Wallet', () => {
    const legacy = createFakeWallet()
    const { win } = createFakeWindow({ ethereum: legacy })
    const { discovery } = start(win)
    expect(discovery.descriptors()).toEqual([
      { id: 'injected', name: 'Browser Wallet', type: 'INJECTED', installed: true },
    ])
    expect(discovery.list()[0]!.provider).toBe(legacy)
  })

  it('does not list window.ethereum twice when it is also announced', () => {
    const wallet = createFakeWallet()
    const { win } = createFakeWindow({ ethereum: wallet })
    const { discovery } = start(win)
    announceWallet(win, wallet)
    expect(discovery.descriptors()).toEqual([testWalletDescriptor])
  })

  it('skips announcements when EIP-6963 is off, keeping the legacy wallet', () => {
    const { win } = createFakeWindow({ ethereum: createFakeWallet() })
    const { discovery } = start(win, false)
    announceWallet(win, createFakeWallet())
    expect(discovery.descriptors().map((d) => d.id)).toEqual(['injected'])
  })

  it('forwards the wallets’ events with their id, and stops listening on stop', () => {
    const announced = createFakeWallet()
    const legacy = createFakeWallet()
    const { win } = createFakeWindow({ ethereum: legacy })
    const { discovery, onEvent } = start(win)
    announceWallet(win, announced)
    discovery.list()
    announced.emit('accountsChanged', ['0xabc'])
    legacy.emit('chainChanged', '0x1')
    expect(onEvent.mock.calls).toEqual([
      ['dev.walletframe.testwallet', 'accountsChanged', ['0xabc']],
      ['injected', 'chainChanged', '0x1'],
    ])
    discovery.stop()
    expect(announced.listenerCount('accountsChanged')).toBe(0)
    expect(legacy.listenerCount('chainChanged')).toBe(0)
    announceWallet(win, createFakeWallet(), { rdns: 'io.metamask' })
    expect(discovery.descriptors().map((d) => d.id)).toEqual(['dev.walletframe.testwallet', 'injected'])
  })
})
