/**
 * Test fixtures: the demo dapp page with the test wallet (a real EIP-1193/EIP-6963 provider
 * backed by a viem account on the devnet) injected before any page script runs.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { test as base, expect, type Frame, type Page } from '@playwright/test'
import { devnetAccounts } from '@walletframe/devnet'
import { createPublicClient, http, type PublicClient } from 'viem'
import { buildTestWalletScript } from '../test-wallet/build.ts'
import { testStack } from './test-stack.ts'

export const stack = testStack()
const accounts = devnetAccounts()
let walletScript: Promise<string> | undefined

export interface WalletOptions {
  accountIndex?: number
  chainId?: number
  legacyInjected?: boolean
  /** Networks the wallet knows besides the devnet's (a network the data API does not serve). */
  extraChains?: { chainId: number; rpcUrl: string }[]
  /** EIP-7811 asset discovery over these ERC-20s (test-wallet/assets.ts). */
  assetDiscovery?: { tokens: `0x${string}`[] }
}

export async function injectTestWallet(page: Page, options: WalletOptions = {}) {
  walletScript ??= buildTestWalletScript()
  const first = options.accountIndex ?? 0
  const config = {
    privateKeys: [first, first + 1].map((i) => accounts[i]!.privateKey),
    chains: [
      ...stack.devnet.chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl })),
      ...(options.extraChains ?? []),
    ],
    chainId: options.chainId ?? stack.devnet.chains[0]!.chainId,
    legacyInjected: options.legacyInjected ?? false,
    ...(options.assetDiscovery ? { assetDiscovery: options.assetDiscovery } : {}),
  }
  await page.addInitScript({ content: `window.__TEST_WALLET_CONFIG__ = ${JSON.stringify(config)};` })
  await page.addInitScript({ content: await walletScript })
  return { address: accounts[first]!.address, secondAddress: accounts[first + 1]!.address }
}

/** The modal's frame in the page (cross-origin: only Playwright, not the page, can look inside). */
export async function modalFrame(page: Page): Promise<Frame> {
  await expect
    .poll(() => page.frames().find((f) => f.url().startsWith(stack.modal.origin)) !== undefined, {
      timeout: 15_000,
    })
    .toBe(true)
  return page.frames().find((f) => f.url().startsWith(stack.modal.origin))!
}

export function chainClient(index = 0): PublicClient {
  return createPublicClient({ transport: http(stack.devnet.chains[index]!.rpcUrl) }) as PublicClient
}

/**
 * A picture of the page for people to look at, in the ignored e2e/.screenshots (a curated few are
 * copied to docs/screenshots). Animations are stopped at their end state, so the picture shows the
 * view at rest, whenever it is taken.
 */
export async function saveScreenshot(page: Page, name: string) {
  const path = fileURLToPath(new URL(`../.screenshots/${name}.png`, import.meta.url))
  await page.screenshot({ path, animations: 'disabled' })
}

/** Resolves when the frame's running animations and transitions have finished (endless ones aside). */
export async function animationsFinished(frame: Frame) {
  await frame.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
}

const axeSource = readFileSync(fileURLToPath(import.meta.resolve('axe-core/axe.min.js')), 'utf8')

/** axe-core run inside the modal frame, once it is at rest; returns serious and critical violations. */
export async function seriousA11yViolations(frame: Frame) {
  // Mid-transition colours (a view fading in) would fail the contrast rules for nothing.
  await animationsFinished(frame)
  await frame.evaluate(axeSource)
  return frame.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (ctx: Document) => Promise<{
            violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ html: string }> }>
          }>
        }
      }
    ).axe
    const result = await axe.run(document)
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => n.html.slice(0, 200)),
      }))
  })
}

export const test = base.extend<{
  dapp: Page & { wallet: { address: `0x${string}`; secondAddress: `0x${string}` } }
}>({
  dapp: async ({ page }, use) => {
    const wallet = await injectTestWallet(page)
    await page.goto(stack.dapp.url)
    await use(Object.assign(page, { wallet }))
  },
})
export { expect }
