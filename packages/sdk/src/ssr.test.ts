/** Server-side rendering: Node has no window, so importing must not throw and the instance is inert. */
import { describe, expect, it, vi } from 'vitest'
import { devnet } from '../test/chains.ts'

const options = { projectId: 'walletframe-dev', modalUrl: 'http://127.0.0.2:5174/', networks: [devnet] }

describe('without a browser window', () => {
  it('imports and creates an inert instance', async () => {
    expect(typeof window).toBe('undefined')
    expect(typeof document).toBe('undefined')
    const { createWalletFrame } = await import('./index.ts')
    const wf = createWalletFrame(options)
    expect(wf.getAccount()).toEqual({ status: 'disconnected', isConnected: false })
    expect(wf.getState()).toEqual({ open: false, view: 'Connect' })
    const callback = vi.fn()
    wf.subscribeAccount(callback)()
    wf.subscribeState(callback)()
    const ssr = { code: 4900, message: expect.stringContaining('server-side rendering') }
    await expect(wf.open()).rejects.toMatchObject(ssr)
    await expect(wf.close()).resolves.toBeUndefined() // nothing is open
    await expect(wf.connect()).rejects.toMatchObject(ssr)
    await expect(wf.disconnect()).rejects.toMatchObject(ssr)
    await expect(wf.switchNetwork('eip155:31337')).rejects.toMatchObject(ssr)
    await expect(wf.setThemeMode('light')).rejects.toMatchObject(ssr)
    await expect(wf.request({ method: 'eth_chainId' })).rejects.toMatchObject(ssr)
    await expect(wf.getProvider('eip155').request({ method: 'eth_accounts' })).rejects.toBeInstanceOf(Error)
    wf.getProvider('eip155').on('connect', callback).removeListener('connect', callback)
    wf.destroy()
    expect(callback).not.toHaveBeenCalled()
  })

  it('still refuses bad options', async () => {
    const { createWalletFrame } = await import('./index.ts')
    expect(() => createWalletFrame({ ...options, projectId: '' })).toThrow(/Project ID Not Configured/)
  })
})
