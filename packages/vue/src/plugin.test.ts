/**
 * Server-side rendering (issue 13 §4): the server never makes an instance, so nothing of one
 * request's user can be in another's HTML; in the browser every app has its own instance.
 */
import { createWalletFrame, type WalletFrame } from '@walletframe/sdk'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createApp, createSSRApp, defineComponent, h } from 'vue'
import { renderToString } from 'vue/server-renderer'
import { createTestApp, testRoot, textOf } from '../test/object-renderer.ts'
import { WALLETFRAME_OPTIONS } from '../test/options.ts'
import { useWalletFrame, useWalletFrameAccount, useWalletFrameState } from './composables.ts'
import { createWalletFramePlugin, walletFramePlugin } from './plugin.ts'

const AccountLine = defineComponent({
  setup() {
    const account = useWalletFrameAccount()
    const modal = useWalletFrameState()
    const { walletFrame } = useWalletFrame()
    return () =>
      h(
        'p',
        `${account.value.status} ${account.value.address ?? '-'} ${modal.value.view} ${walletFrame ? 'instance' : 'none'}`,
      )
  },
})

afterEach(() => vi.unstubAllGlobals())

describe('createWalletFramePlugin during server-side rendering', () => {
  it('renders the disconnected account with no instance, request after request', async () => {
    expect(typeof window).toBe('undefined')
    const create = vi.fn(() => createWalletFrame(WALLETFRAME_OPTIONS))
    const plugin = walletFramePlugin(create)
    const first = await renderToString(createSSRApp(AccountLine).use(plugin))
    const second = await renderToString(createSSRApp(AccountLine).use(plugin))
    expect(first).toBe('<p>disconnected - Connect none</p>')
    expect(second).toBe(first)
    expect(create).not.toHaveBeenCalled()
  })

  it('the public plugin renders the same, and its actions reject with NoBrowserWindow (4900)', async () => {
    const plugin = createWalletFramePlugin(WALLETFRAME_OPTIONS)
    expect(await renderToString(createSSRApp(AccountLine).use(plugin))).toBe(
      '<p>disconnected - Connect none</p>',
    )
    const actions = createSSRApp(AccountLine)
      .use(plugin)
      .runWithContext(() => useWalletFrame())
    await expect(actions.open()).rejects.toMatchObject({ code: 4900, reason: 'NoBrowserWindow' })
    await expect(actions.connect()).rejects.toMatchObject({ code: 4900 })
  })
})

describe('createWalletFramePlugin in a browser', () => {
  it('gives each app an instance of its own, destroyed when that app unmounts', () => {
    // Made before `window` exists, so they stay inert: only which app holds which matters here.
    const made: WalletFrame[] = [
      createWalletFrame(WALLETFRAME_OPTIONS),
      createWalletFrame(WALLETFRAME_OPTIONS),
    ]
    const destroyed = made.map((wf) => vi.spyOn(wf, 'destroy'))
    vi.stubGlobal('window', {})
    let next = 0
    const plugin = walletFramePlugin(() => made[next++]!)
    const apps = [createTestApp(AccountLine).use(plugin), createTestApp(AccountLine).use(plugin)]
    const roots = [testRoot(), testRoot()]
    for (const [i, app] of apps.entries()) app.mount(roots[i]!)
    expect(apps.map((app) => app.runWithContext(() => useWalletFrame().walletFrame))).toEqual(made)
    expect(textOf(roots[0]!)).toBe('disconnected - Connect instance')
    apps[0]!.unmount()
    expect(destroyed[0]).toHaveBeenCalledOnce()
    expect(destroyed[1]).not.toHaveBeenCalled()
    apps[1]!.unmount()
    expect(destroyed[1]).toHaveBeenCalledOnce()
  })

  it('a composable in an app without the plugin says how to install it', () => {
    expect(() => createApp(AccountLine).runWithContext(() => useWalletFrameAccount())).toThrow(
      /app\.use\(createWalletFramePlugin\(options\)\)/,
    )
  })
})
