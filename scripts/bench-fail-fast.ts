/**
 * Issue 10's "origin not allowed → connect() rejects" (budget 1 s) and its sibling "modal server
 * down → connect() rejects" (budget 2 s): a bare SDK page on a site the project does not allow, or
 * pointed at a port where no modal server listens, times `connect()` from the call to the typed
 * rejection, in a fresh browser context per run. Measured, never asserted (see bench.ts).
 */
import { createServer } from 'node:http'
import { freePort } from '@walletframe/testing'
import type { Browser } from 'playwright-core'
import { timingSummary } from './bench-stats.ts'

export interface FailFastOptions {
  sdkScript: string
  projectId: string
  /** A modal the page's origin is not allowed to use. */
  modalUrl: string
  networks: unknown[]
  runs: number
}

/** A site of its own on 127.0.0.3, which no project allows. */
async function refusedSite(sdkScript: string) {
  const origin = `http://127.0.0.3:${await freePort('127.0.0.3')}`
  const server = createServer((request, response) => {
    if (request.url === '/walletframe.iife.js')
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(sdkScript)
    else
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><title>bench</title><script src="/walletframe.iife.js"></script>')
  })
  await new Promise<void>((resolve) => server.listen(Number(new URL(origin).port), '127.0.0.3', resolve))
  return { origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

async function timeRejection(browser: Browser, pageUrl: string, options: object, runs: number) {
  const samples: number[] = []
  let reason = ''
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(pageUrl)
    const result = await page.evaluate(async (o) => {
      const w = window as never as {
        WalletFrame: { createWalletFrame(o: unknown): { connect(): Promise<unknown> } }
      }
      const wf = w.WalletFrame.createWalletFrame(o)
      const start = performance.now()
      const error = await wf.connect().then(
        () => ({ reason: 'connected' }),
        (e: { reason: string }) => e,
      )
      return { ms: performance.now() - start, reason: error.reason }
    }, options)
    samples.push(result.ms)
    reason = result.reason
    await context.close()
  }
  return { ...timingSummary(samples), reason }
}

export async function benchFailFast(browser: Browser, options: FailFastOptions) {
  const site = await refusedSite(options.sdkScript)
  try {
    const { projectId, networks, runs } = options
    const refused = await timeRejection(
      browser,
      `${site.origin}/`,
      { projectId, networks, modalUrl: options.modalUrl },
      runs,
    )
    // A port nothing listens on: the modal server is down when the page opens.
    const downUrl = `http://127.0.0.2:${await freePort('127.0.0.2')}/`
    const down = await timeRejection(
      browser,
      `${site.origin}/`,
      { projectId, networks, modalUrl: downUrl },
      runs,
    )
    return {
      originNotAllowedConnectRejectMs: { ...refused, budget: 1_000 },
      modalDownConnectRejectMs: { ...down, budget: 2_000 },
    }
  } finally {
    await site.close()
  }
}
