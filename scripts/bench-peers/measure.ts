/**
 * The peer bench's timings, each in a fresh browser context of one Chromium, products interleaved
 * run by run so that the machine's noise falls on all of them alike. "Visible" is each product's
 * modal element in the page: WalletFrame's modal reporting its open screen (the SDK's state),
 * RainbowKit's dialog, AppKit's card in its w3m-modal element (bench/peers/pages).
 */
import { gzipSync } from 'node:zlib'
import type { Browser, Page, Request, Response } from 'playwright-core'
import { timingSummary } from '../bench-stats.ts'

export const PRODUCTS = ['walletframe', 'rainbowkit', 'appkit', 'appkit-wagmi'] as const
/** Pages without a wallet kit: the same page with no script, and React saying hello. */
export const REFERENCES = ['none', 'react'] as const
export type PageName = (typeof PRODUCTS)[number] | (typeof REFERENCES)[number]

/**
 * Every host name but loopback (localhost, 127.*) fails to resolve at once, so the vendors' cloud endpoints fail
 * fast and the same way on every run. Playwright routing would do it too, but it intercepts every
 * request, loopback ones included, and adds its round trip to what is timed; it only lists, in the
 * untimed inventory pass, what each product tried to reach.
 */
export const OFFLINE_ARGS = ['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.*']

export interface PeerTarget {
  /** Where the built pages are served (servePeers). */
  origin: string
  modalUrl: string
  projectId: string
  chainId: number
  rpcUrl: string
}

const isLoopback = (url: URL) => /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(url.hostname)
/** The pages' shared harness chunk (bench/peers/pages/peer.ts) is no product's code. */
const HARNESS_CHUNK = /\/assets\/peer-[^/]+\.js$/

function pageUrl(target: PeerTarget, name: PageName, flag?: 'preload' | 'openAtLoad') {
  const query = new URLSearchParams({
    modal: target.modalUrl,
    projectId: target.projectId,
    chainId: String(target.chainId),
    rpc: target.rpcUrl,
  })
  if (flag) query.set(flag, '')
  return `${target.origin}/${name}/?${query}`
}

async function inFreshPage<T>(browser: Browser, use: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext()
  try {
    return await use(await context.newPage())
  } finally {
    await context.close()
  }
}

const loadEventMs = (page: Page) =>
  page.evaluate<number>("performance.getEntriesByType('navigation')[0].loadEventStart")

/** The product settled (WalletFrame preloaded: its frame answered) and the page idle. */
const settle = (page: Page) =>
  page.evaluate(
    'Promise.all([window.peer.ready, window.peer.settled]).then(() => new Promise((r) => requestIdleCallback(r)))',
  )

/** Load event, then open() → visible once the page has settled. */
export function openSettled(browser: Browser, target: PeerTarget, name: PageName, preload: boolean) {
  return inFreshPage(browser, async (page) => {
    await page.goto(pageUrl(target, name, preload ? 'preload' : undefined))
    await settle(page)
    return { loadMs: await loadEventMs(page), openMs: await page.evaluate<number>('window.peerOpenTimed()') }
  })
}

/** Navigation start → modal visible, the page calling open() as soon as the product can. */
export function navigationToVisible(browser: Browser, target: PeerTarget, name: PageName) {
  return inFreshPage(browser, async (page) => {
    await page.goto(pageUrl(target, name, 'openAtLoad'), { waitUntil: 'commit' })
    return (await page.waitForFunction('window.peerVisibleAt')).jsonValue() as Promise<number>
  })
}

export function loadOnly(browser: Browser, target: PeerTarget, name: PageName) {
  return inFreshPage(browser, async (page) => {
    await page.goto(pageUrl(target, name))
    return loadEventMs(page)
  })
}

/** The page's requests to `origin` under way, and a wait for none to be. */
function originRequests(page: Page, origin: string) {
  const pending = new Set<Request>()
  let wake = () => {}
  page.on('request', (request) => {
    if (request.url().startsWith(origin)) pending.add(request)
  })
  const done = (request: Request) => {
    pending.delete(request)
    if (pending.size === 0) wake()
  }
  page.on('requestfinished', done)
  page.on('requestfailed', done)
  return {
    /** Until the page is idle with nothing of `origin` loading (a chunk may import the next). */
    async quiet(idle: () => Promise<unknown>) {
      for (;;) {
        await idle()
        if (pending.size === 0) return
        await new Promise<void>((resolve) => {
          wake = resolve
        })
      }
    },
  }
}

/**
 * Untimed: the page's own JS up to the modal on screen and the page quiet again (the chunks the
 * modal loads lazily, wallet icons included), gzip -9 file by file like the bench's other sizes;
 * and the hosts off loopback it asked for, refused by routing.
 */
export function inventory(browser: Browser, target: PeerTarget, name: PageName) {
  return inFreshPage(browser, async (page) => {
    const blocked = new Set<string>()
    const refuse = (url: URL) => {
      if (isLoopback(url)) return false
      blocked.add(url.host)
      return true
    }
    await page.context().route(refuse, (route) => route.abort('blockedbyclient'))
    await page.context().routeWebSocket(refuse, (socket) => socket.close())
    const scripts: Array<Promise<number>> = []
    const count = (response: Response) => {
      const url = response.url()
      if (url.startsWith(target.origin) && url.endsWith('.js') && !HARNESS_CHUNK.test(url))
        scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length))
    }
    page.on('response', count)
    const requests = originRequests(page, target.origin)
    await page.goto(pageUrl(target, name))
    await settle(page)
    await page.evaluate('window.peerOpenTimed()')
    await requests.quiet(() => settle(page))
    page.off('response', count)
    const jsGzipBytes = (await Promise.all(scripts)).reduce((a, b) => a + b, 0)
    return { jsGzipBytes, blockedHosts: [...blocked].sort() }
  })
}

type Timing = ReturnType<typeof timingSummary>
export interface ProductFigures {
  openPreloadedMs: Timing
  openColdMs: Timing
  loadWithPreloadMs: Timing
  loadMs: Timing
  navigationToVisibleMs: Timing
  jsGzipBytes: number
  blockedHosts: string[]
}

/** Every timing of every product, `runs` times, products interleaved within each run. */
export async function measurePeers(browser: Browser, target: PeerTarget, runs: number) {
  const samples = new Map<string, number[]>()
  const add = (key: string, value: number) => samples.set(key, [...(samples.get(key) ?? []), value])
  for (let run = 0; run < runs; run++) {
    for (const name of PRODUCTS) {
      const preloaded = await openSettled(browser, target, name, true)
      add(`${name}.openPreloaded`, preloaded.openMs)
      add(`${name}.loadPreloaded`, preloaded.loadMs)
      const cold = await openSettled(browser, target, name, false)
      add(`${name}.openCold`, cold.openMs)
      add(`${name}.load`, cold.loadMs)
      add(`${name}.navigationToVisible`, await navigationToVisible(browser, target, name))
    }
    for (const name of REFERENCES) add(`${name}.load`, await loadOnly(browser, target, name))
  }
  const summary = (key: string) => timingSummary(samples.get(key) ?? [])
  const products = {} as Record<(typeof PRODUCTS)[number], ProductFigures>
  for (const name of PRODUCTS) {
    products[name] = {
      openPreloadedMs: summary(`${name}.openPreloaded`),
      openColdMs: summary(`${name}.openCold`),
      loadWithPreloadMs: summary(`${name}.loadPreloaded`),
      loadMs: summary(`${name}.load`),
      navigationToVisibleMs: summary(`${name}.navigationToVisible`),
      ...(await inventory(browser, target, name)),
    }
  }
  const references = { none: { loadMs: summary('none.load') }, react: { loadMs: summary('react.load') } }
  return { products, references }
}
