/** The modal's hints in the host page, over a real channel with the test playing the SDK. */
import { HOST_STORAGE_LIMITS, MODAL_ERRORS, WalletFrameError } from '@walletframe/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { openChannel } from '../features/connect/test-wallet.ts'
import { createHostStorage } from '../features/core/index.ts'

const channels: ReturnType<typeof openChannel>[] = []
afterEach(() => {
  for (const channel of channels.splice(0)) channel.close()
})

/** The host's storage behind the SDK's `storage.set`: it keeps at most `quota` characters a value. */
function setup(quota = Number.POSITIVE_INFINITY) {
  const channel = openChannel()
  channels.push(channel)
  const page = new Map<string, string>()
  channel.host.handle('storage.set', ({ key, value }) => {
    if (value.length > quota) throw new WalletFrameError(MODAL_ERRORS.hostStorageWriteFailed)
    page.set(key, value)
    return null
  })
  channel.host.on('storage.remove', ({ key }) => page.delete(key))
  const failed = vi.fn()
  const storage = createHostStorage(
    { 'recent-wallets': '[]' },
    {
      set: (key, value) => channel.modal.request('storage.set', { key, value }),
      remove: (key) => channel.modal.emit('storage.remove', { key }),
    },
    failed,
  )
  return { storage, page, failed }
}

describe('host storage', () => {
  it('writes through the SDK and reads from memory at once', async () => {
    const { storage, page, failed } = setup()
    storage.set('connection-status', 'connected')
    expect(storage.get('connection-status')).toBe('connected')
    await vi.waitFor(() => expect(page.get('connection-status')).toBe('connected'))
    expect(failed).not.toHaveBeenCalled()
  })

  it('refuses an entry over the limits with a typed error, and changes nothing', () => {
    const { storage, page } = setup()
    const tooLong = 'x'.repeat(HOST_STORAGE_LIMITS.valueLength + 1)
    for (const [key, value] of [
      ['recent-wallets', tooLong],
      ['k'.repeat(HOST_STORAGE_LIMITS.keyLength + 1), '[]'],
      ['no spaces', '[]'],
    ] as const)
      expect(() => storage.set(key, value)).toThrow(
        expect.objectContaining({ reason: MODAL_ERRORS.storageTooLarge.reason }),
      )
    expect(() => storage.setJson('recent-wallets', [tooLong])).toThrow(WalletFrameError)
    expect(storage.get('recent-wallets')).toBe('[]')
    expect(page.size).toBe(0)
  })

  it('reports a write the host page could not keep with the SDK’s typed error', async () => {
    const { storage, failed } = setup(10)
    storage.set('recent-wallets', '["io.metamask"]')
    await vi.waitFor(() => expect(failed).toHaveBeenCalledTimes(1))
    expect(failed).toHaveBeenCalledWith(
      'recent-wallets',
      expect.objectContaining({ reason: MODAL_ERRORS.hostStorageWriteFailed.reason }),
    )
    expect(storage.get('recent-wallets')).toBe('["io.metamask"]') // still true for this page load
  })
})
