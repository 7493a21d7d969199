/**
 * Issue 15 "How it is proven": a @solana/kit client in the host page drives `getProvider('solana')`
 * with a Wallet Standard test wallet of the page (ours, a real ed25519 key): it connects, signs a
 * message that verifies with ed25519, and signs and sends a SOL transfer on the local Solana RPC,
 * whose balances change.
 */
import { ed25519 } from '@noble/curves/ed25519'
import { expect, test } from '@playwright/test'
import { base58 } from '@scure/base'
import { startSolanaSite } from '../support/solana-site.ts'
import { testStack } from '../support/test-stack.ts'

const stack = testStack()
const seed = new Uint8Array(32).fill(151)
/** A new account: the transfer creates it. */
const RECEIVER = base58.encode(ed25519.getPublicKey(new Uint8Array(32).fill(152)))
const LAMPORTS = 250_000_000n

interface SolanaPage {
  walletAddress: string
  connect(): Promise<string>
  signMessage(text: string): Promise<number[]>
  transfer(to: string, amount: string): Promise<string>
  balance(owner: string): Promise<string>
}
declare const solanaPage: SolanaPage

async function rpc(method: string, params: unknown[]) {
  const response = await fetch(stack.solana.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: unknown }).result
}

test('a @solana/kit page signs and sends through getProvider("solana") with a page wallet', async ({
  page,
}) => {
  const site = await startSolanaSite(seed)
  try {
    await page.goto(site.pageUrl)
    await page.waitForFunction(() => 'solanaPage' in window)
    const walletAddress = await page.evaluate(() => solanaPage.walletAddress)
    await rpc('requestAirdrop', [walletAddress, 2_000_000_000])

    expect(await page.evaluate(() => solanaPage.connect())).toBe(walletAddress)

    const text = 'WalletFrame e2e: sign in with Solana'
    const signature = Uint8Array.from(await page.evaluate((t) => solanaPage.signMessage(t), text))
    const publicKey = ed25519.getPublicKey(seed)
    expect(ed25519.verify(signature, new TextEncoder().encode(text), publicKey)).toBe(true)

    const before = BigInt(await page.evaluate((to) => solanaPage.balance(to), RECEIVER))
    const sent = await page.evaluate(
      ([to, amount]) => solanaPage.transfer(to!, amount!),
      [RECEIVER, String(LAMPORTS)],
    )
    expect(sent).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    await expect
      .poll(async () => BigInt(await page.evaluate((to) => solanaPage.balance(to), RECEIVER)))
      .toBe(before + LAMPORTS)
  } finally {
    await site.close()
  }
})
