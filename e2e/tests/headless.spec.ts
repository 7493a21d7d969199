/**
 * Issue 13 "the provider, complete", in Chromium with the injected test wallet: headless mode
 * (`listWallets()`, `connect({ walletId })`), ERC-7846 `wallet_connect` with sign-in (the signature
 * checked with viem), and EIP-1193 `message` events of an `eth_subscribe` through the page wallet.
 * The demo dapp's instance is `window.walletFrame`.
 */
import type { Page } from '@playwright/test'
import { MODAL_ERRORS, type WalletListing } from '@walletframe/protocol'
import { verifyMessage } from 'viem'
import { expect, modalFrame, saveScreenshot, stack, test } from '../support/fixtures.ts'
import { modalIsHidden } from '../support/flows.ts'
import { TEST_WALLET_NAME, TEST_WALLET_RDNS } from '../test-wallet/types.ts'

/** The part of the SDK's WalletFrame these tests call (e2e does not depend on the SDK package). */
interface WalletFrame {
  listWallets(): Promise<WalletListing[]>
  connect(options?: { walletId?: string }): Promise<unknown>
  request(args: { method: string; params?: unknown }): Promise<unknown>
  subscribeState(callback: (state: { open: boolean; view: string }) => void): () => void
  getProvider(namespace: 'eip155'): { on(event: 'message', listener: (message: unknown) => void): unknown }
}

declare global {
  interface Window {
    walletFrame: WalletFrame
    /** What the page's listeners heard, for the test to read. */
    heard: unknown[]
  }
}

/** Runs `call` in the page with its WalletFrame; a rejection comes back as its `{ code, reason, message }`. */
function inPage<T>(page: Page, call: (wf: WalletFrame, arg?: unknown) => Promise<T>, arg?: unknown) {
  return page.evaluate(
    `window.walletFrame ? (${call.toString()})(window.walletFrame, ${JSON.stringify(arg ?? null)}).then((value) => ({ value }), (e) => ({ error: { code: e.code, reason: e.reason, message: e.message } })) : Promise.reject(new Error('no walletFrame'))`,
  ) as Promise<
    | { value: T; error?: undefined }
    | { value?: undefined; error: { code: number; reason: string; message: string } }
  >
}

/** The modal's views while open, as the SDK reports them (subscribeState), from now on. */
async function recordViews(page: Page) {
  await page.evaluate(() => {
    window.heard = []
    window.walletFrame.subscribeState((state) => state.open && window.heard.push(state.view))
  })
  return () => page.evaluate(() => window.heard as string[])
}

test('listWallets() gives the Connect view’s wallets: the injected test wallet and WalletConnect', async ({
  dapp,
}) => {
  const { value: wallets } = await inPage(dapp, (wf) => wf.listWallets())
  const injected = wallets!.find((wallet) => wallet.id === TEST_WALLET_RDNS)
  expect(injected).toMatchObject({ name: TEST_WALLET_NAME, type: 'injected', installed: true })
  expect(injected!.icon).toMatch(/^data:image\/svg\+xml,/)
  expect(wallets).toContainEqual({
    id: 'walletConnect',
    name: 'WalletConnect',
    type: 'walletConnect',
    installed: false,
  })
  for (const wallet of wallets as WalletListing[])
    expect(['injected', 'walletConnect', 'embedded', 'custom']).toContain(wallet.type)
  // Listing opens nothing.
  await expect(dapp.getByTestId('modal-state')).not.toContainText('open')
})

test('connect({ walletId }) connects the injected wallet at once, never showing the wallet list', async ({
  dapp,
}) => {
  const views = await recordViews(dapp)
  const { value } = await inPage(dapp, (wf) => wf.connect({ walletId: 'dev.walletframe.testwallet' }))
  expect(value).toMatchObject({ address: dapp.wallet.address })
  await expect(dapp.getByTestId('status')).toHaveText('connected')
  expect(await views()).not.toContain('Connect')
  expect(await views()).not.toContain('AllWallets')
  expect(await dapp.evaluate(() => window.__testWallet!.calls)).toContain('eth_requestAccounts')
})

test('connect({ walletId }) with an id listWallets() does not give rejects with UnknownWallet', async ({
  dapp,
}) => {
  const { error } = await inPage(dapp, (wf) => wf.connect({ walletId: 'io.nope' }))
  expect(error).toEqual({
    code: MODAL_ERRORS.unknownWallet.code,
    reason: MODAL_ERRORS.unknownWallet.reason,
    message: MODAL_ERRORS.unknownWallet.message,
  })
  await modalIsHidden(dapp)
})

for (const mode of ['dark', 'light'] as const)
  test(`connect({ walletId: 'walletConnect' }) opens straight on the QR code (${mode})`, async ({ dapp }) => {
    if (mode === 'light') await dapp.getByTestId('theme-toggle').click()
    const views = await recordViews(dapp)
    // Not awaited: it resolves only once a wallet scans the code.
    await dapp.evaluate(() => void window.walletFrame.connect({ walletId: 'walletConnect' }).catch(() => {}))
    const frame = await modalFrame(dapp)
    await expect(frame.getByTestId('walletconnect-qr')).toBeVisible({ timeout: 15_000 })
    expect((await views()).filter((view) => !view.startsWith('ConnectingWalletConnect'))).toEqual([])
    await saveScreenshot(dapp, `headless-walletconnect-${mode}`)
  })

test('wallet_connect connects and signs in with one request; viem verifies the EIP-4361 signature', async ({
  dapp,
}) => {
  const chainId = stack.devnet.chains[0]!.chainId
  // The page's function is sent as text: the chain id is written into it.
  expect(chainId).toBe(31337)
  const pending = inPage(dapp, (wf) =>
    wf.request({
      method: 'wallet_connect',
      params: [
        {
          version: '1',
          capabilities: {
            signInWithEthereum: { nonce: 'e2eNonce12345', chainId: '0x7a69', statement: 'Hi' },
          },
        },
      ],
    }),
  )
  const frame = await modalFrame(dapp)
  await frame.getByRole('button', { name: /Test Wallet/ }).click()
  const { value } = await pending
  const [account] = (
    value as {
      accounts: {
        address: `0x${string}`
        capabilities: { signInWithEthereum: { message: string; signature: `0x${string}` } }
      }[]
    }
  ).accounts
  expect(account!.address).toBe(dapp.wallet.address)
  const { message, signature } = account!.capabilities.signInWithEthereum
  const host = new URL(stack.dapp.url).host
  expect(message).toContain(
    `${host} wants you to sign in with your Ethereum account:\n${dapp.wallet.address}`,
  )
  expect(message).toContain(`Chain ID: ${chainId}`)
  expect(message).toContain('Nonce: e2eNonce12345')
  expect(await verifyMessage({ address: account!.address, message, signature })).toBe(true)
})

test('wallet_connect: bad params are named (-32602), closing the modal rejects with 4001', async ({
  dapp,
}) => {
  const { error } = await inPage(dapp, (wf) =>
    wf.request({
      method: 'wallet_connect',
      params: [{ capabilities: { signInWithEthereum: { nonce: 'x', chainId: 1 } } }],
    }),
  )
  expect(error).toMatchObject({ code: -32602, reason: MODAL_ERRORS.invalidWalletConnect.reason })
  expect(error!.message).toMatch(/signInWithEthereum\.nonce/)
  const closed = inPage(dapp, (wf) => wf.request({ method: 'wallet_connect', params: [{}] }))
  const frame = await modalFrame(dapp)
  await frame.getByRole('button', { name: 'Close' }).click()
  expect((await closed).error).toMatchObject({ code: 4001 })
})

test('eth_subscribe through the connected page wallet: each new block arrives as a message event', async ({
  dapp,
}) => {
  await inPage(dapp, (wf) => wf.connect({ walletId: 'dev.walletframe.testwallet' }))
  await expect(dapp.getByTestId('status')).toHaveText('connected')
  await dapp.evaluate(() => {
    window.heard = []
    window.walletFrame.getProvider('eip155').on('message', (message) => window.heard.push(message))
  })
  const { value: id } = await inPage(dapp, (wf) =>
    wf.request({ method: 'eth_subscribe', params: ['newHeads'] }),
  )
  expect(id).toMatch(/^0x[0-9a-f]{32}$/)
  const mined = await fetch(stack.devnet.chains[0]!.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] }),
  })
  expect(mined.ok).toBe(true)
  await expect
    .poll(() => dapp.evaluate(() => window.heard))
    .toContainEqual(
      expect.objectContaining({
        type: 'eth_subscription',
        data: expect.objectContaining({ subscription: id }),
      }),
    )
  const { value: stopped } = await inPage(
    dapp,
    (wf, subscription) => wf.request({ method: 'eth_unsubscribe', params: [subscription] }),
    id,
  )
  expect(stopped).toBe(true)
})
