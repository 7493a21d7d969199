/**
 * Spec §3 "deep-link choice" on a phone (a mobile user agent): the user picks a registry wallet in
 * AllWallets and taps "Open <wallet>"; the modal keeps the choice in the page's storage (through
 * the SDK) and, for a later signing request, the page opens that wallet's app again. A real
 * walletkit wallet in Node pairs through the site's relay and signs. The app launches are read from
 * Chromium's navigation requests (DevTools `Page.frameRequestedNavigation`): no app is installed.
 */
import type { RunningApi } from '@walletframe/api'
import { STORAGE_KEYS, STORAGE_PREFIX } from '@walletframe/protocol'
import { generatePrivateKey } from 'viem/accounts'
import { expect, test } from '../support/fixtures.ts'
import {
  startTestWalletKit,
  startWalletConnectSiteWithApi,
  type WalletConnectSite,
} from '../support/walletconnect.ts'
import { modalFrameOf, openDapp } from '../support/walletconnect-flows.ts'

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
test.use({ userAgent: IPHONE })

let api: RunningApi | undefined
let site: WalletConnectSite | undefined

test.beforeAll(async () => {
  // The registry comes from a data API that allows this site's modal origin.
  ;({ api, site } = await startWalletConnectSiteWithApi({ WF_API_INDEXER: 'false' }))
})

test.afterAll(async () => {
  await site?.close()
  await api?.close()
})

interface Listing {
  id: string
  name: string
  mobile_link: string | null
}

test('the wallet app opened to connect is opened again for a signing request', async ({ page, context }) => {
  const wallet = await startTestWalletKit({ relayUrl: site!.relayUrl, privateKey: generatePrivateKey() })
  try {
    const launched: string[] = []
    const cdp = await context.newCDPSession(page)
    await cdp.send('Page.enable')
    cdp.on('Page.frameRequestedNavigation', ({ url }) => launched.push(url))
    const listings: Listing[] = []
    page.on('response', async (response) => {
      if (new URL(response.url()).pathname.endsWith('/getWallets') && response.ok())
        listings.push(...((await response.json()) as { data: Listing[] }).data)
    })
    await openDapp(page, context, site!)
    await page.getByTestId('connect').click()
    const frame = await modalFrameOf(page, site!)
    // On a phone with no wallet in the page the modal opens AllWallets (spec §2).
    await expect(frame.locator('[data-testid^="registry-wallet-"]').first()).toBeVisible()
    const nativeApp = (entry: Listing) => /^[a-z0-9]+:\/\/$/.test(entry.mobile_link ?? '')
    await expect.poll(() => listings.some(nativeApp)).toBe(true)
    const pick = listings.find(nativeApp)!
    await frame.getByTestId(`registry-wallet-${pick.id}`).click()
    const open = frame.getByRole('link', { name: `Open ${pick.name}` })
    await expect(open).toHaveAttribute('href', new RegExp(`^${pick.mobile_link}wc\\?uri=wc%3A`))
    await open.click()
    const key = `${STORAGE_PREFIX}/${STORAGE_KEYS.deepLinkChoice}`
    await expect
      .poll(() => page.evaluate((k) => localStorage.getItem(k), key))
      .toBe(JSON.stringify({ name: pick.name, href: pick.mobile_link }))

    // The app took the pairing link; here the Node wallet takes the same URI, from that link (not
    // the clipboard: launching the app's scheme may leave the page unfocused, and a write to the
    // clipboard needs focus).
    const uri = new URL((await open.getAttribute('href'))!).searchParams.get('uri')!
    const approved = wallet.nextSession()
    await wallet.pair(uri)
    await approved
    await expect(page.getByTestId('status')).toHaveText('connected')

    launched.length = 0
    // The dapp asks for a signature (the Account view still covers its button).
    await page.getByTestId('sign-message').dispatchEvent('click')
    await expect(page.getByTestId('signature-valid')).toHaveText('valid')
    expect(launched).toEqual([pick.mobile_link])
    expect(wallet.requests.at(-1)).toMatchObject({ method: 'personal_sign' })
  } finally {
    await wallet.close()
  }
})
