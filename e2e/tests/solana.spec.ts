/**
 * Solana in the modal (issue 15), on the real stack: the local Solana RPC (litesvm), the data API's
 * Solana balances and the key frame's ed25519 account. The dapp configures the localnet beside its
 * EVM networks; the embedded wallet's Solana account connects from the network list without a
 * login, shows its SOL, sends SOL through the key frame's approval, and both connections are kept.
 */

import { ed25519 } from '@noble/curves/ed25519'
import type { Frame, Page } from '@playwright/test'
import { base58 } from '@scure/base'
import { getBase64EncodedWireTransaction, getTransactionDecoder, signTransaction } from '@solana/kit'
import { SOLANA_FIXTURE_ADDRESSES, SOLANA_FIXTURE_TOKEN, solanaDevnetKeys } from '@walletframe/devnet'
import { solanaLocalnet } from '@walletframe/protocol'
import { buildSolanaTransfer } from '../../apps/modal-host/src/features/send/solana/solana-transfer.ts'
import { addPasskeyAuthenticator, approve, signUp, uniqueEmail } from '../support/embedded.ts'
import { animationsFinished, expect, modalFrame, saveScreenshot, stack, test } from '../support/fixtures.ts'
import { startSolanaSite } from '../support/solana-site.ts'

const rpcUrl = stack.solana.rpcUrl
const localnet = { ...solanaLocalnet, rpcUrls: { default: { http: [rpcUrl] } } }
/** A funded test key of the local RPC: the send's receiver. */
const RECEIVER = SOLANA_FIXTURE_ADDRESSES.keys[3]

async function solanaRpc<T>(method: string, params: unknown[]): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: T; error?: unknown }
  if (body.error) throw new Error(JSON.stringify(body.error))
  return body.result as T
}
const lamportsOf = async (address: string) =>
  BigInt((await solanaRpc<{ value: number }>('getBalance', [address])).value)
/** The fixture token (dUSD) `owner` holds, in its smallest unit. */
async function dusdOf(owner: string): Promise<bigint> {
  const { value } = await solanaRpc<{
    value: { account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } }[]
  }>('getTokenAccountsByOwner', [owner, { mint: SOLANA_FIXTURE_ADDRESSES.mint }, { encoding: 'jsonParsed' }])
  return value.reduce((sum, entry) => sum + BigInt(entry.account.data.parsed.info.tokenAmount.amount), 0n)
}

/**
 * Test key #2 sends `to` 5 dUSD, with the transfer the modal's Send builds (its associated token
 * account created on the way, as `to` has none), signed with the key and sent to the RPC.
 */
async function fundWithDusd(to: string) {
  const [, , key] = await solanaDevnetKeys()
  const unsigned = await buildSolanaTransfer({
    rpcUrl,
    from: key!.address,
    to,
    amount: 5_000_000n,
    token: { mint: SOLANA_FIXTURE_ADDRESSES.mint, decimals: SOLANA_FIXTURE_TOKEN.decimals },
  })
  const transaction = getTransactionDecoder().decode(Buffer.from(unsigned, 'base64'))
  const signed = await signTransaction([key!.signer.keyPair], transaction)
  await solanaRpc('sendTransaction', [getBase64EncodedWireTransaction(signed), { encoding: 'base64' }])
}

/** The dapp with the local Solana network after its EVM ones, in the theme asked for. */
const dappUrl = (themeMode: 'dark' | 'light') =>
  `${stack.dapp.url}?networks=${encodeURIComponent(JSON.stringify([localnet]))}&options=${encodeURIComponent(
    JSON.stringify({ themeMode }),
  )}`

for (const themeMode of ['dark', 'light'] as const) {
  test(`the embedded wallet's Solana account connects from the network list, sends SOL and an SPL token after Approve, and both connections stay (${themeMode})`, async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await addPasskeyAuthenticator(page)
    await page.goto(dappUrl(themeMode))
    const { address } = await signUp(page, uniqueEmail(`solana-${themeMode}`))

    // The network list: the EVM networks, then the Solana one badged with its namespace.
    await page.getByTestId('account-button').click()
    const frame = await modalFrame(page)
    await frame.getByTestId('account-network').click()
    const solanaRow = frame.getByTestId(`network-${localnet.id}`)
    await expect(solanaRow).toContainText('Solana Localnet')
    await expect(solanaRow).toContainText('Solana')
    await animationsFinished(frame)
    await saveScreenshot(page, `networks-namespaces-${themeMode}`)

    // Spec §6: the embedded wallet serves solana too: its account connects without a login.
    await solanaRow.click()
    await expect(frame.getByTestId('account-solana')).toBeVisible()
    const solanaAddress = (await frame.getByTestId('account-address').getAttribute('title'))!
    expect(solanaAddress).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    await expect(frame.getByTestId('activity-unavailable')).toBeVisible()
    // The EVM connection is kept: the dapp still sees its account.
    await expect(page.getByTestId('status')).toHaveText('connected')
    await expect(page.getByTestId('address')).toHaveText(address)

    // SOL from the faucet and 5 dUSD from a test key, read back through the data API.
    await solanaRpc('requestAirdrop', [solanaAddress, 2_000_000_000])
    await fundWithDusd(solanaAddress)
    expect(await dusdOf(solanaAddress)).toBe(5_000_000n)
    await frame.getByTestId('wallet-feature-receive').click()
    await expect(frame.getByTestId('receive-solana')).toBeVisible()
    await expect(frame.getByTestId('receive-address')).toHaveAttribute('title', solanaAddress)
    await expect(frame.getByTestId(`receive-network-${localnet.id}`)).toBeVisible()
    await animationsFinished(frame)
    await saveScreenshot(page, `receive-solana-${themeMode}`)
    await frame.getByRole('button', { name: 'Back' }).click()
    // The Account view reads fresh balances each time it is shown; the API reads the chain again at
    // most every 10 s per address (FORCE_UPDATE_INTERVAL) and answers its cached ones before that.
    await expect
      .poll(
        async () => {
          await frame.getByTestId('wallet-feature-receive').click()
          await frame.getByRole('button', { name: 'Back' }).click()
          await expect(frame.getByTestId('account-balance')).toContainText('SOL')
          return frame.getByTestId('account-balance').textContent()
        },
        { timeout: 30_000, intervals: [3_000] },
      )
      .toContain('2.000 SOL')
    await expect(frame.getByTestId('token-SOL')).toBeVisible()
    await expect(frame.getByTestId('token-dUSD')).toContainText('5.000 dUSD')
    await animationsFinished(frame)
    await saveScreenshot(page, `account-solana-${themeMode}`)

    // Spec §5: the form says what is wrong until the amount and the receiver are valid.
    await frame.getByTestId('wallet-feature-send').click()
    const submit = frame.getByTestId('send-submit')
    await expect(submit).toHaveText('Please enter a valid amount and receiver address')
    await frame.getByTestId('send-amount').fill('0.5')
    await frame.getByTestId('send-receiver').fill('0xa0Ee7A142d267C1f36714E4a8F75612F20a79720')
    await expect(submit).toBeDisabled()
    await frame.getByTestId('send-receiver').fill(RECEIVER)
    await expect(submit).toHaveText('Send')
    await animationsFinished(frame)
    await saveScreenshot(page, `send-solana-${themeMode}`)

    const before = await lamportsOf(RECEIVER)
    await submit.click()
    // The key frame shows the decoded transfer and signs it after Approve; the modal says so.
    await approve(page)
    await expect(frame.getByText('Transaction started')).toBeVisible()
    await expect.poll(() => lamportsOf(RECEIVER), { timeout: 15_000 }).toBe(before + 500_000_000n)

    // An SPL token: 1.5 dUSD to a key that holds some (its token account exists), after Approve.
    await expect(frame.getByTestId('account-solana')).toBeVisible()
    await frame.getByTestId('wallet-feature-send').click()
    await frame.getByTestId('send-token').selectOption({ label: 'dUSD' })
    await frame.getByTestId('send-amount').fill('1.5')
    await frame.getByTestId('send-receiver').fill(RECEIVER)
    const dusdBefore = await dusdOf(RECEIVER)
    await frame.getByTestId('send-submit').click()
    await approve(page)
    await expect.poll(() => dusdOf(RECEIVER), { timeout: 15_000 }).toBe(dusdBefore + 1_500_000n)
    expect(await dusdOf(solanaAddress)).toBe(3_500_000n)

    // Back to the EVM network: its account is shown again, and Solana's connection stays.
    await frame.getByTestId('account-network').click()
    await frame.getByTestId(`network-${stack.devnet.chains[0]!.chainId}`).click()
    await expect(frame.getByTestId('account-address')).toHaveAttribute('title', address)
    await frame.getByTestId('account-network').click()
    await frame.getByTestId(`network-${localnet.id}`).click()
    await expect(frame.getByTestId('account-address')).toHaveAttribute('title', solanaAddress)
    await expect(page.getByTestId('status')).toHaveText('connected')
  })
}

declare const walletFrame: {
  getProvider(namespace: 'solana'): {
    readonly publicKey: string | undefined
    signMessage(message: Uint8Array): Promise<Uint8Array>
    signAndSendTransaction(transaction: Uint8Array, options?: unknown): Promise<string>
  }
}

test('the dapp signs a message and sends SOL with the embedded Solana account through getProvider("solana"), each after Approve, after a reload too', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await addPasskeyAuthenticator(page)
  await page.goto(dappUrl('dark'))
  await signUp(page, uniqueEmail('solana-dapp'))
  await page.getByTestId('account-button').click()
  const frame = await modalFrame(page)
  await frame.getByTestId('account-network').click()
  await frame.getByTestId(`network-${localnet.id}`).click()
  await expect(frame.getByTestId('account-solana')).toBeVisible()
  const solanaAddress = (await frame.getByTestId('account-address').getAttribute('title'))!
  await frame.getByRole('button', { name: 'Close' }).click()

  // Spec §3 connected namespaces: after a reload the Solana account is back with the EVM one,
  // asking the user nothing; the requests below go to the restored connection.
  await page.reload()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect
    .poll(() => page.evaluate(() => walletFrame.getProvider('solana').publicKey))
    .toBe(solanaAddress)
  // Spec §3 active namespace: the modal shows the Solana account it showed before the reload.
  await page.getByTestId('account-button').click()
  const reloaded = await modalFrame(page)
  await expect(reloaded.getByTestId('account-solana')).toBeVisible()
  await reloaded.getByRole('button', { name: 'Close' }).click()

  // Spec §7 solana_signMessage: the key frame shows the text; the signature verifies with ed25519.
  const text = `Sign in to the Solana dapp ${Date.now()}`
  const signed = page.evaluate(
    async (t) => [...(await walletFrame.getProvider('solana').signMessage(new TextEncoder().encode(t)))],
    text,
  )
  await approve(page)
  const signature = Uint8Array.from(await signed)
  expect(ed25519.verify(signature, new TextEncoder().encode(text), base58.decode(solanaAddress))).toBe(true)

  // Sign and send: a transfer the dapp built lands on the local RPC after Approve.
  await solanaRpc('requestAirdrop', [solanaAddress, 1_000_000_000])
  const before = await lamportsOf(RECEIVER)
  const transfer = await buildSolanaTransfer({
    rpcUrl,
    from: solanaAddress,
    to: RECEIVER,
    amount: 250_000_000n,
  })
  const sent = page.evaluate(
    (wire) =>
      walletFrame.getProvider('solana').signAndSendTransaction(
        Uint8Array.from(atob(wire), (c) => c.charCodeAt(0)),
        { preflightCommitment: 'confirmed' },
      ),
    transfer,
  )
  await approve(page)
  expect(await sent).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
  await expect.poll(() => lamportsOf(RECEIVER), { timeout: 15_000 }).toBe(before + 250_000_000n)

  // A send option of the wrong kind is refused before any approval (spec §5).
  const refused = await page.evaluate(async (wire) => {
    try {
      await walletFrame.getProvider('solana').signAndSendTransaction(
        Uint8Array.from(atob(wire), (c) => c.charCodeAt(0)),
        { maxRetries: 'twice' },
      )
      return 'sent'
    } catch (error) {
      return `${(error as { code: number }).code} ${(error as Error).message}`
    }
  }, transfer)
  expect(refused).toMatch(/^-32602 .*maxRetries must be a number/)
})

declare const solanaPage: { walletAddress: string; connectInModal(): Promise<string> }

/** The modal of the Solana site (a modal server of its own, on the modal host). */
async function siteModal(page: Page): Promise<Frame> {
  const origin = `http://${stack.modal.host}:`
  await expect.poll(() => page.frames().some((f) => f.url().startsWith(origin))).toBe(true)
  return page.frames().find((f) => f.url().startsWith(origin))!
}

test('a Wallet Standard Solana wallet of the page connects from the modal’s list of Solana wallets', async ({
  page,
}) => {
  const site = await startSolanaSite(new Uint8Array(32).fill(153))
  try {
    await page.goto(site.pageUrl)
    await page.waitForFunction(() => 'solanaPage' in window)
    const walletAddress = await page.evaluate(() => solanaPage.walletAddress)

    // The adapter's connect without a wallet: the modal's Connect view lists the page's Solana wallets.
    const connected = page.evaluate(() => solanaPage.connectInModal())
    const frame = await siteModal(page)
    const wallet = frame.getByTestId('wallet-wallet-standard:Test Solana Wallet')
    await expect(frame.getByTestId('connect-solana')).toBeVisible()
    await animationsFinished(frame)
    await saveScreenshot(page, 'connect-solana-dark')
    await wallet.click()
    expect(await connected).toBe(walletAddress)
    await expect(frame.getByTestId('account-solana')).toBeVisible()
    await expect(frame.getByTestId('account-address')).toHaveAttribute('title', walletAddress)

    // This site's modal has no data API: the balance is said to be unavailable, never 0 (spec §6).
    await expect(frame.getByTestId('account-balance')).toHaveText('Balance unavailable')
    await expect(frame.getByTestId('tokens-unavailable')).toBeVisible()
  } finally {
    await site.close()
  }
})
