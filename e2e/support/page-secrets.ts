/**
 * What script in a frame could read, for the "no secret outside the key frame" checks (ARCHITECTURE.md,
 * docs/embedded-wallet.md "Custody"): every message the frame sent or received (recorded from
 * before any page script runs), both web storages, its cookies and its plain globals, as one text.
 */
import type { Frame, Page } from '@playwright/test'
import { keyOrigin } from './embedded.ts'

/** Runs in every frame of the page (`context.addInitScript`); records only outside the key frame's origin. */
export const RECORDER = `(() => {
  if (location.origin === ${JSON.stringify(keyOrigin)}) return
  const seen = (window.__wfSeen = [])
  const keep = (data) => {
    try { seen.push(JSON.stringify(data) ?? String(data)) } catch { seen.push(String(data)) }
  }
  for (const Target of [MessagePort, Window]) {
    const post = Target.prototype.postMessage
    Target.prototype.postMessage = function (data, ...rest) { keep(data); return post.call(this, data, ...rest) }
  }
  window.addEventListener('message', (event) => keep(event.data), true)
  const wrapped = new WeakMap()
  const add = MessagePort.prototype.addEventListener
  const remove = MessagePort.prototype.removeEventListener
  MessagePort.prototype.addEventListener = function (type, listener, options) {
    if (type !== 'message' || typeof listener !== 'function') return add.call(this, type, listener, options)
    const recording = function (event) { keep(event.data); return listener.call(this, event) }
    wrapped.set(listener, recording)
    return add.call(this, type, recording, options)
  }
  MessagePort.prototype.removeEventListener = function (type, listener, options) {
    return remove.call(this, type, wrapped.get(listener) ?? listener, options)
  }
})()`

/** What a frame holds that script could read: recorded messages, storage, cookies, plain globals. */
export function readableText(frame: Frame | Page) {
  return frame.evaluate(() => {
    const dump = (read: () => Storage) => {
      try {
        const storage = read()
        return Object.keys(storage).map((key) => `${key}=${storage.getItem(key)}`)
      } catch {
        return [] // a cross-site frame has no storage here
      }
    }
    const globals: string[] = []
    for (const key of Object.keys(window)) {
      // The injected test wallet's own config (its keys): it stands in for an extension, whose keys
      // live in the extension's isolated world, out of the page's reach.
      if (key === '__TEST_WALLET_CONFIG__') continue
      try {
        const value = (window as never as Record<string, unknown>)[key]
        if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
          globals.push(`${key}=${value}`)
        else if (typeof value === 'object' && !(value instanceof Node))
          globals.push(`${key}=${JSON.stringify(value)}`)
      } catch {
        // cyclic or cross-origin: holds nothing readable as text
      }
    }
    return [
      ...((window as never as { __wfSeen?: string[] }).__wfSeen ?? []),
      ...dump(() => localStorage),
      ...dump(() => sessionStorage),
      document.cookie,
      ...globals,
    ].join('\n')
  })
}

/** Which of `secrets` (each named) appear in `text`, as given or without a 0x prefix. */
export function secretsIn(text: string, secrets: Record<string, string>): string[] {
  const lower = text.toLowerCase()
  return Object.entries(secrets)
    .filter(([, secret]) => lower.includes(secret.toLowerCase().replace(/^0x/, '')))
    .map(([name]) => name)
}
