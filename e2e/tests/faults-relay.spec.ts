/**
 * Issue 10 point 3: the relay restarted in the middle of a WalletConnect session. The dapp asks for
 * a signature while its private relay is down; once the relay is back the request reaches the wallet
 * (once) and the signature reaches the dapp, on both relay backends: in memory (a new, empty relay)
 * and on Redis (a new relay process on the same Redis).
 */
import { devnetAccounts } from '@walletframe/devnet'
import { hasRedisServer, type RedisServer, startRedisServer } from '@walletframe/testing'
import { expect, test } from '../support/fixtures.ts'
import {
  startTestWalletKit,
  startWalletConnectSite,
  type TestWalletKit,
  type WalletConnectSite,
} from '../support/walletconnect.ts'
import { connectThroughWalletConnect, openDapp } from '../support/walletconnect-flows.ts'

const WALLET_ACCOUNT = devnetAccounts()[3]!

for (const backend of ['memory', 'Redis'] as const) {
  test.describe(`relay restarted mid-session (${backend})`, () => {
    test.skip(backend === 'Redis' && !hasRedisServer, 'needs redis-server')
    let redis: RedisServer | undefined
    let site: WalletConnectSite
    let wallet: TestWalletKit | undefined

    test.beforeAll(async () => {
      redis = backend === 'Redis' ? await startRedisServer() : undefined
      site = await startWalletConnectSite(redis ? { redisUrl: redis.url } : {})
    })
    test.afterAll(async () => {
      await wallet?.close()
      await site?.close()
      await redis?.stop()
    })

    test('a signature asked for while the relay is down arrives once it is back', async ({
      page,
      context,
    }) => {
      test.setTimeout(120_000)
      wallet = await startTestWalletKit({ relayUrl: site.relayUrl, privateKey: WALLET_ACCOUNT.privateKey })
      await openDapp(page, context, site)
      const { topic } = await connectThroughWalletConnect(page, site, wallet)
      await page.keyboard.press('Escape')

      await site.stopRelay()
      await page.getByTestId('sign-message').click()
      await site.startRelay()

      await expect(page.getByTestId('signature-valid')).toHaveText('valid', { timeout: 60_000 })
      const signs = wallet.requests.filter((request) => request.method === 'personal_sign')
      expect(signs).toHaveLength(1)
      expect(signs[0]).toMatchObject({ topic })
      // The session is still usable afterwards: a second request goes straight through.
      await page.getByTestId('sign-message').click()
      await expect.poll(() => wallet!.requests.filter((r) => r.method === 'personal_sign').length).toBe(2)
      await expect(page.getByTestId('signature-valid')).toHaveText('valid')
    })
  })
}
