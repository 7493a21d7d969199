/**
 * WalletConnect end to end: the modal (sign-client in its lazy chunk, in a cross-site frame with no
 * storage) pairs through our relay with a real walletkit wallet in Node, which signs and sends to
 * the devnet. The pairing URI is taken the way a user takes it: "Copy link", then the clipboard.
 */
import type { BrowserContext, Page } from '@playwright/test'
import { devnetAccounts } from '@walletframe/devnet'
import { STORAGE_PREFIX } from '@walletframe/protocol'
import type { Hex } from 'viem'
import {
  chainClient,
  expect,
  saveScreenshot,
  seriousA11yViolations,
  stack,
  test,
} from '../support/fixtures.ts'
import { expectDisallowedMethodRefused, expectDisconnectedAfterReload } from '../support/flows.ts'
import { hostStorage, hostStorageProblems } from '../support/host-storage.ts'
import { lieInHello } from '../support/lying-host.ts'
import {
  startTestWalletKit,
  startWalletConnectSite,
  type TestWalletKit,
  type WalletConnectSite,
} from '../support/walletconnect.ts'
import {
  connectThroughWalletConnect,
  copyPairingUri,
  modalFrameOf,
  openDapp,
} from '../support/walletconnect-flows.ts'

const WALLET_ACCOUNT = devnetAccounts()[2]!
let site: WalletConnectSite
const wallets: TestWalletKit[] = []

test.beforeAll(async () => {
  site = await startWalletConnectSite()
})
test.afterAll(async () => {
  await site?.close()
})
test.afterEach(async () => {
  for (const wallet of wallets.splice(0)) await wallet.close()
})

async function newWallet(): Promise<TestWalletKit> {
  const wallet = await startTestWalletKit({ relayUrl: site.relayUrl, privateKey: WALLET_ACCOUNT.privateKey })
  wallets.push(wallet)
  return wallet
}

/** Records every request and socket that leaves loopback: no vendor endpoint may be contacted. */
function watchNetwork(context: BrowserContext, page: Page) {
  const offsite: string[] = []
  const sockets: string[] = []
  context.on('request', (request) => {
    const { hostname, protocol } = new URL(request.url())
    if ((protocol === 'http:' || protocol === 'https:') && !/^(127\.\d+\.\d+\.\d+|localhost)$/.test(hostname))
      offsite.push(request.url())
  })
  page.on('websocket', (socket) => sockets.push(socket.url()))
  return { offsite, sockets }
}

test('the wallet is shown the page’s real origin as the dapp URL, never the URL the page claims (flagged in the console)', async ({
  page,
  context,
}) => {
  const warnings: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
  })
  await lieInHello(page, { metadataUrl: 'https://app.uniswap.org' })
  const wallet = await newWallet()
  await openDapp(page, context, site)
  await connectThroughWalletConnect(page, site, wallet)
  expect(wallet.proposers).toEqual([{ name: 'Uniswap', url: site.dappOrigin, icons: [] }])
  expect(warnings).toContainEqual(
    expect.stringContaining(`metadata.url "https://app.uniswap.org" is not this page's origin`),
  )
})

test('pairs through the relay: signs, sends, follows the wallet, survives a reload, sees the wallet disconnect', async ({
  page,
  context,
}) => {
  const network = watchNetwork(context, page)
  const wallet = await newWallet()
  await openDapp(page, context, site)
  const { frame, topic } = await connectThroughWalletConnect(page, site, wallet)
  await expect(page.getByTestId('address')).toHaveText(wallet.address)
  await expect(page.getByTestId('chain-id')).toHaveText(String(stack.devnet.chains[0]!.chainId))
  await expect(frame.getByRole('dialog', { name: 'Account' })).toBeVisible()
  await page.keyboard.press('Escape')

  // personal_sign: the wallet signs with its viem account, the dapp verifies the signature.
  await page.getByTestId('sign-message').click()
  await expect(page.getByTestId('signature-valid')).toHaveText('valid')
  expect(wallet.requests.at(-1)).toMatchObject({ topic, method: 'personal_sign', chainId: 'eip155:31337' })

  // eth_sendTransaction: the wallet signs and broadcasts to the devnet; the receipt is on anvil.
  await page.getByTestId('send-transaction').click()
  await expect(page.getByTestId('tx-hash')).toHaveText(/^0x[0-9a-f]{64}$/)
  const hash = (await page.getByTestId('tx-hash').textContent()) as Hex
  const receipt = await chainClient().waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  expect(receipt.from.toLowerCase()).toBe(wallet.address.toLowerCase())

  // The wallet switches chain on its side: the dapp follows through the SDK provider.
  const second = stack.devnet.chains[1]!.chainId
  await wallet.emit(topic, 'chainChanged', second, second)
  await expect(page.getByTestId('chain-id')).toHaveText(String(second))
  await expect(page.getByTestId('events')).toContainText(`chainChanged 0x${second.toString(16)}`)
  await wallet.emit(topic, 'chainChanged', stack.devnet.chains[0]!.chainId, stack.devnet.chains[0]!.chainId)
  await expect(page.getByTestId('chain-id')).toHaveText(String(stack.devnet.chains[0]!.chainId))

  // A reload restores the session from the host page's storage, and it still signs.
  await page.reload()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('address')).toHaveText(wallet.address)
  await page.getByTestId('sign-message').click()
  await expect(page.getByTestId('signature-valid')).toHaveText('valid')

  // That storage holds the dapp's own WalletConnect session, and no secret of the user's.
  const stored = await hostStorage(page, context)
  expect(stored.some((entry) => entry.key.startsWith(`${STORAGE_PREFIX}/wc@2:`))).toBe(true)
  expect(hostStorageProblems(stored)).toEqual([])

  // The wallet ends the session: the dapp sees the disconnect.
  await wallet.disconnect(topic)
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  await expect(page.getByTestId('events')).toContainText('disconnect')

  expect(network.offsite).toEqual([])
  expect(network.sockets.length).toBeGreaterThan(0)
  for (const url of network.sockets) expect(url.startsWith(site.relayUrl)).toBe(true)
})

test('the dapp disconnecting deletes the session on the wallet side; a reload stays disconnected', async ({
  page,
  context,
}) => {
  const wallet = await newWallet()
  await openDapp(page, context, site)
  const { topic } = await connectThroughWalletConnect(page, site, wallet)
  expect(wallet.sessionTopics()).toContain(topic)
  await page.keyboard.press('Escape')
  await page.getByTestId('disconnect').click()
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  await expect.poll(() => wallet.sessionTopics()).not.toContain(topic)
  await expectDisconnectedAfterReload(page)
})

for (const mode of ['dark', 'light'] as const) {
  test(`ConnectingWalletConnect from the Connect view (${mode}): accessible, screenshot, connects`, async ({
    page,
    context,
  }) => {
    const wallet = await newWallet()
    await openDapp(page, context, site, { injectedWallet: true })
    if (mode === 'light') await page.getByTestId('theme-toggle').click()
    await page.getByTestId('connect').click()
    const frame = await modalFrameOf(page, site)
    await expect(frame.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
    await expect(frame.getByRole('button', { name: /Test Wallet/ })).toBeVisible()
    await frame.getByTestId('wallet-walletConnect').click()
    await expect(frame.getByRole('dialog', { name: 'WalletConnect' })).toBeVisible()
    await expect(frame.getByRole('img', { name: /QR code/ })).toBeVisible()
    await expect(frame.getByTestId('walletconnect-status')).toContainText('Scan with your phone')
    await expect(frame.locator('html')).toHaveAttribute('data-theme', mode)
    expect(await seriousA11yViolations(frame)).toEqual([])
    await saveScreenshot(page, `walletconnect-${mode}`)

    const uri = await copyPairingUri(page, frame)
    const approved = wallet.nextSession()
    await wallet.pair(uri)
    await approved
    await expect(page.getByTestId('status')).toHaveText('connected')
    await expect(page.getByTestId('address')).toHaveText(wallet.address)
  })
}

test('a disallowed method with a WalletConnect wallet is refused before the wallet, and the modal says so (spec §6)', async ({
  page,
  context,
}) => {
  const wallet = await newWallet()
  await openDapp(page, context, site)
  const { frame } = await connectThroughWalletConnect(page, site, wallet)
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('modal-state')).toHaveText('closed')
  await expectDisallowedMethodRefused(page, frame)
  expect(wallet.requests.map((request) => request.method)).not.toContain('eth_sign')
})
