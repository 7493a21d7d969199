/**
 * The composables' refs: read-only, following the instance while their effect scope lives, and
 * unsubscribed when it is disposed (issue 13 §4), so a component gone leaves no listener behind.
 */
import { createWalletFrame, type WalletFrame } from '@walletframe/sdk'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, effectScope, h, isReadonly } from 'vue'
import { createTestApp, testRoot } from '../test/object-renderer.ts'
import { WALLETFRAME_OPTIONS } from '../test/options.ts'
import { useWalletFrameAccount, useWalletFrameState } from './composables.ts'
import { walletFramePlugin } from './plugin.ts'

/**
 * An inert instance (made without a window) whose subscriptions are counted: the SDK's own
 * subscribe, wrapped so the test sees each callback and each unsubscribe.
 */
function watchedInstance() {
  const wf = createWalletFrame(WALLETFRAME_OPTIONS)
  const live = { account: new Set<(value: never) => void>(), state: new Set<(value: never) => void>() }
  const watch =
    <T>(kind: keyof typeof live, subscribe: (callback: (value: T) => void) => () => void) =>
    (callback: (value: T) => void) => {
      const stop = subscribe(callback)
      live[kind].add(callback as (value: never) => void)
      return () => {
        live[kind].delete(callback as (value: never) => void)
        stop()
      }
    }
  const watched: WalletFrame = {
    ...wf,
    subscribeAccount: watch('account', wf.subscribeAccount),
    subscribeState: watch('state', wf.subscribeState),
  }
  return { wf: watched, live }
}

function appWith(wf: WalletFrame) {
  vi.stubGlobal('window', {})
  return createTestApp(defineComponent({ render: () => h('p') })).use(walletFramePlugin(() => wf))
}

afterEach(() => vi.unstubAllGlobals())

describe('useWalletFrameAccount and useWalletFrameState', () => {
  it('return read-only refs that follow the instance and unsubscribe when their scope is disposed', () => {
    const { wf, live } = watchedInstance()
    const scope = effectScope()
    const [account, modal] = appWith(wf).runWithContext(() =>
      scope.run(() => [useWalletFrameAccount(), useWalletFrameState()] as const),
    )!
    expect(isReadonly(account)).toBe(true)
    expect(account.value).toEqual({ status: 'disconnected', isConnected: false })
    expect(modal.value).toEqual({ open: false, view: 'Connect' })
    expect([live.account.size, live.state.size]).toEqual([1, 1])

    const connected = {
      status: 'connected',
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      isConnected: true,
    }
    for (const callback of live.account) callback(connected as never)
    for (const callback of live.state) callback({ open: true, view: 'Account' } as never)
    expect(account.value).toEqual(connected)
    expect(modal.value).toEqual({ open: true, view: 'Account' })

    scope.stop()
    expect([live.account.size, live.state.size]).toEqual([0, 0])
  })

  it('unsubscribe when the component using them unmounts', () => {
    const { wf, live } = watchedInstance()
    vi.stubGlobal('window', {})
    const Account = defineComponent({
      setup() {
        const account = useWalletFrameAccount()
        return () => h('p', account.value.status)
      },
    })
    const app = createTestApp(Account).use(walletFramePlugin(() => wf))
    app.mount(testRoot())
    expect(live.account.size).toBe(1)
    app.unmount()
    expect(live.account.size).toBe(0)
  })

  it('outside any effect scope, refuse with a clear error rather than leak a subscription', () => {
    const { wf, live } = watchedInstance()
    expect(() => appWith(wf).runWithContext(() => useWalletFrameAccount())).toThrow(/needs an effect scope/)
    expect(live.account.size).toBe(0)
  })
})
