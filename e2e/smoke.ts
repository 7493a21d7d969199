import { chromium } from 'playwright-core'
import { chromiumLaunchOptions } from './support/browser.ts'
import { buildTestWalletScript } from './test-wallet/build.ts'
const browser = await chromium.launch(chromiumLaunchOptions())
const page = await browser.newPage({ viewport: { width: 1100, height: 720 } })
page.on('console', (m) => console.log('console:', m.type(), m.text()))
page.on('pageerror', (e) => console.log('pageerror:', e.message))
await page.addInitScript({ content: `window.__TEST_WALLET_CONFIG__ = ${JSON.stringify({ privateKeys: ['0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'], chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:28545' }, { chainId: 31338, rpcUrl: 'http://127.0.0.1:28546' }], chainId: 31337 })}` })
await page.addInitScript({ content: await buildTestWalletScript() })
await page.goto('http://127.0.0.1:25173/')
await page.waitForTimeout(1000)
await page.getByTestId('connect').click()
await page.waitForTimeout(1500)
const frame = page.frames()[1]!
console.log('frame body:', (await frame.evaluate(() => document.body.innerText)).slice(0, 300))
console.log('iframe style:', await page.evaluate(() => document.querySelector('iframe')?.getAttribute('style')))
await page.screenshot({ path: '/tmp/s2.png' })
await browser.close()
