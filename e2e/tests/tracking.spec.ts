/**
 * Tracking events (spec §4 "Modal", "Disconnect"; §7 `POST /e`; §8 'Invalid App Configuration';
 * docs/analytics.md), watched on the network as the modal frame sends them to the data API.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Frame, Page, Request } from '@playwright/test'
import { ALERTS, type AnalyticsEvent, AnalyticsEventSchema } from '@walletframe/protocol'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, injectTestWallet, modalFrame, saveScreenshot, stack, test } from '../support/fixtures.ts'
import { connectThroughModal, modalIsHidden } from '../support/flows.ts'
import { TEST_ENV } from '../support/test-stack.ts'
import { fillSend, openFeature, previewAndSend } from '../support/wallet-features.ts'

const ANALYTICS_PATHS = ['/e', '/getAnalyticsConfig']

/** Every request of the page and its frames to the data API's analytics routes. */
function watchAnalytics(page: Page) {
  const requests: Request[] = []
  const apiRequests: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.port !== TEST_ENV.WF_API_PORT) return
    apiRequests.push(url.pathname)
    if (ANALYTICS_PATHS.includes(url.pathname) && request.method() !== 'OPTIONS') requests.push(request)
  })
  const events = () =>
    requests
      .filter((request) => new URL(request.url()).pathname === '/e')
      .map((request) => AnalyticsEventSchema.parse(request.postDataJSON()) as AnalyticsEvent)
      // Each event is its own POST, sent together with its batch: the client's clock orders them.
      .sort((a, b) => a.timestamp - b.timestamp)
  return { requests, apiRequests, events, names: () => events().map((event) => event.props.event) }
}

/** Connect the injected test wallet, switch to the second devnet chain, disconnect, close. */
async function connectSwitchDisconnect(dapp: Page) {
  const frame = await connectThroughModal(dapp)
  const second = stack.devnet.chains[1]!
  await frame.getByTestId('account-network').click()
  await frame.getByTestId(`network-${second.chainId}`).click()
  await expect(dapp.getByTestId('chain-id')).toContainText(String(second.chainId))
  await expect(frame.getByTestId('account-network')).toContainText(second.name)
  await frame.getByTestId('disconnect').click()
  await expect(dapp.getByTestId('status')).toHaveText('disconnected')
  if (await frame.getByRole('button', { name: 'Close' }).isVisible())
    await frame.getByRole('button', { name: 'Close' }).click()
  await modalIsHidden(dapp)
  return second
}

test('spec §4/§7: the modal tracks open, wallet, connect, network switch, disconnect and close to POST /e', async ({
  dapp,
}) => {
  const watched = watchAnalytics(dapp)
  const responses: number[] = []
  dapp.on('response', (response) => {
    if (new URL(response.url()).port === TEST_ENV.WF_API_PORT && new URL(response.url()).pathname === '/e')
      if (response.request().method() === 'POST') responses.push(response.status())
  })
  const second = await connectSwitchDisconnect(dapp)

  await expect
    .poll(watched.names)
    .toEqual([
      'MODAL_OPEN',
      'SELECT_WALLET',
      'CONNECT_SUCCESS',
      'SWITCH_NETWORK',
      'DISCONNECT_SUCCESS',
      'MODAL_CLOSE',
    ])
  const events = watched.events()
  expect(events.map((event) => event.props.properties)).toEqual([
    { connected: false },
    { name: 'Test Wallet', platform: 'browser' },
    { name: 'Test Wallet', platform: 'browser' },
    { network: `eip155:${second.chainId}` },
    {},
    { connected: false },
  ])
  const dappOrigin = new URL(stack.dapp.url).origin
  for (const event of events)
    expect(event).toMatchObject({ url: dappOrigin, domain: new URL(dappOrigin).host })
  // Privacy: no address (not the connected one, not the wallet's second), no amount or value.
  const sent = JSON.stringify(events).toLowerCase()
  for (const address of [dapp.wallet.address, dapp.wallet.secondAddress])
    expect(sent).not.toContain(address.toLowerCase())
  expect(sent).not.toMatch(/0x[0-9a-f]{40}|amount|value|balance/)
  // The project's switch is asked once per page; the API took every event.
  expect(watched.requests.filter((r) => new URL(r.url()).pathname === '/getAnalyticsConfig')).toHaveLength(1)
  await expect.poll(() => responses).toEqual(events.map(() => 204))
})

/**
 * Why keepalive fetch (docs/analytics.md): Chromium delivers it from the cross-site modal frame as
 * the page goes away, preflight and all. Playwright does not report a leaving document's requests,
 * so a server of the test's own counts what arrives.
 */
test('Chromium sends a keepalive JSON POST from the modal frame at pagehide, after its preflight', async ({
  dapp,
}) => {
  const arrived: string[] = []
  const server = createServer((request, response) => {
    arrived.push(`${request.method} ${request.url}`)
    response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '')
    response.setHeader('Access-Control-Allow-Headers', 'content-type')
    response.statusCode = 204
    response.end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const sink = `http://127.0.0.1:${(server.address() as AddressInfo).port}/e`
  try {
    await dapp.getByTestId('connect').click()
    const frame = await modalFrame(dapp)
    await frame.evaluate((url) => {
      addEventListener('pagehide', () => {
        const body = JSON.stringify({ probe: true })
        void fetch(url, {
          method: 'POST',
          keepalive: true,
          headers: { 'Content-Type': 'application/json' },
          body,
        })
      })
    }, sink)
    await dapp.goto(`${stack.dapp.url}?next`)
    await expect.poll(() => arrived).toEqual(['OPTIONS /e', 'POST /e'])
  } finally {
    server.close()
  }
})

test('spec §3 analytics: false: neither /getAnalyticsConfig nor /e is requested', async ({ dapp }) => {
  await dapp.goto(`${stack.dapp.url}?features=${encodeURIComponent(JSON.stringify({ analytics: false }))}`)
  const watched = watchAnalytics(dapp)
  await connectSwitchDisconnect(dapp)
  // The modal did talk to the data API meanwhile (the account's balances): the API was reachable.
  expect(watched.apiRequests.some((path) => path.includes('/balance'))).toBe(true)
  expect(watched.requests.map((request) => request.url())).toEqual([])
})

test("issue 13 analytics: 'consent': nothing before setAnalyticsConsent(true), then only later events, to the project's API; a revoke stops them", async ({
  dapp,
}) => {
  await dapp.goto(
    `${stack.dapp.url}?features=${encodeURIComponent(JSON.stringify({ analytics: 'consent' }))}`,
  )
  const watched = watchAnalytics(dapp)
  // Any request of the page or its frames to an analytics path, whatever the host.
  const anywhere: string[] = []
  dapp.on('request', (request) => {
    if (ANALYTICS_PATHS.includes(new URL(request.url()).pathname))
      anywhere.push(new URL(request.url()).origin)
  })
  const consent = (granted: boolean) =>
    dapp.evaluate(
      (value) =>
        (
          window as unknown as { walletFrame: { setAnalyticsConsent(g: boolean): Promise<void> } }
        ).walletFrame.setAnalyticsConsent(value),
      granted,
    )
  const openAndClose = async () => {
    await dapp.getByTestId('connect').click()
    const frame = await modalFrame(dapp)
    await frame.getByRole('button', { name: 'Close' }).click()
    await modalIsHidden(dapp)
  }
  await connectSwitchDisconnect(dapp)
  // The API was reachable all along (the account's balances), and asked nothing of analytics.
  expect(watched.apiRequests.some((path) => path.includes('/balance'))).toBe(true)
  expect(watched.requests.map((request) => request.url())).toEqual([])

  await consent(true)
  await openAndClose()
  // What was tracked before the consent is dropped, not sent late.
  await expect.poll(watched.names).toEqual(['MODAL_OPEN', 'MODAL_CLOSE'])

  await consent(false)
  await openAndClose()
  await consent(true)
  await openAndClose()
  // The revoked open and close were never queued: only the events after the second consent follow.
  await expect.poll(watched.names).toEqual(['MODAL_OPEN', 'MODAL_CLOSE', 'MODAL_OPEN', 'MODAL_CLOSE'])
  const apiOrigin = new URL(watched.requests[0]!.url()).origin
  expect(new URL(apiOrigin).port).toBe(TEST_ENV.WF_API_PORT)
  expect(new Set(anywhere)).toEqual(new Set([apiOrigin]))
})

test('spec §7: a send from the modal is tracked started then successful, without amount or receiver', async ({
  page,
}) => {
  // Devnet account #5, the sender of send.spec (its tests compare balances before and after).
  await injectTestWallet(page, { accountIndex: 5 })
  await page.goto(stack.dapp.url)
  const watched = watchAnalytics(page)
  await page.getByTestId('connect').click()
  const frame = await modalFrame(page)
  await frame.getByRole('button', { name: /Test Wallet/ }).click()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await openFeature(frame, 'send')
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  await fillSend(frame, { amount: '0.0123', receiver })
  await previewAndSend(frame)
  await frame.getByRole('button', { name: 'Close' }).click()
  await expect.poll(watched.names).toContain('MODAL_CLOSE')
  const network = { network: `eip155:${stack.devnet.chains[0]!.chainId}` }
  const sends = watched.events().filter((event) => event.props.event.startsWith('SEND_'))
  expect(sends.map((event) => [event.props.event, event.props.properties])).toEqual([
    ['SEND_INITIATED', network],
    ['SEND_SUCCESS', network],
  ])
  const sent = JSON.stringify(watched.events()).toLowerCase()
  expect(sent).not.toContain(receiver.toLowerCase())
  expect(sent).not.toMatch(/0x[0-9a-f]{40}|0\.0123|12300000000000000/)
})

/** Counts the times the frame puts `text` on screen, from now on. */
async function countAppearances(frame: Frame, text: string) {
  await frame.evaluate((wanted) => {
    const counter = window as unknown as { __appearances: number }
    counter.__appearances = 0
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) if (node.textContent?.includes(wanted)) counter.__appearances++
    }).observe(document.body, { childList: true, subtree: true })
  }, text)
  return () =>
    frame.evaluate(async () => {
      // Two frames later: whatever the last answer made React render is in the document.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
      return (window as unknown as { __appearances: number }).__appearances
    })
}

for (const mode of ['dark', 'light'] as const) {
  test(`spec §8: an analytics 403 shows 'Invalid App Configuration' once per page (${mode})`, async ({
    dapp,
  }) => {
    let refused = 0
    await dapp.route(
      (url) => url.port === TEST_ENV.WF_API_PORT && url.pathname === '/e',
      (route) => {
        if (route.request().method() !== 'POST') return route.fallback()
        refused++
        return route.fulfill({
          status: 403,
          contentType: 'application/json',
          headers: { 'Access-Control-Allow-Origin': stack.modal.origin },
          body: JSON.stringify({ code: 'ORIGIN_NOT_ALLOWED', message: 'Origin not allowed' }),
        })
      },
    )
    if (mode === 'light') await dapp.getByTestId('theme-toggle').click()
    await dapp.getByTestId('connect').click()
    const frame = await modalFrame(dapp)
    const appearances = await countAppearances(frame, ALERTS.invalidAppConfiguration.title)
    const alert = frame.getByText(ALERTS.invalidAppConfiguration.title)
    await expect(alert).toBeVisible()
    await saveScreenshot(dapp, `tracking-invalid-app-configuration-${mode}`)
    await expect(alert).toBeHidden()
    // Later batches are refused too (the close's, the next open's) and show nothing more.
    await frame.getByRole('button', { name: 'Close' }).click()
    await modalIsHidden(dapp)
    await expect.poll(() => refused).toBe(2)
    await dapp.getByTestId('connect').click()
    await expect(frame.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
    await expect.poll(() => refused).toBe(3)
    expect(await appearances()).toBe(1)
  })
}
