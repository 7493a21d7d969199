/**
 * The public WalletConnect clients against our relay: sign-client as the dapp, walletkit as the
 * wallet. Proves the relay is enough for pairing, session approval, a signed request and a
 * disconnect, on one relay and across two relays sharing Redis.
 */

import { freePort, hasRedisServer, REDIS_SERVER, startRedisServer } from '@walletframe/testing'
import {
  CHAIN,
  closeCore,
  connectPeers,
  createDapp,
  createWallet,
  type Dapp,
  relayAccepted,
  type Wallet,
} from '@walletframe/testing/walletconnect'
import { verifyMessage } from 'viem'
import { afterEach, describe, expect, it } from 'vitest'
import { type RunningRelay, startRelay } from './server.ts'

const HELLO = '0x68656c6c6f'
const quiet = { warn: () => {} }
const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function peers(dappRelay: string, walletRelay: string) {
  const dapp = await createDapp(dappRelay)
  cleanups.push(() => closeCore(dapp.core))
  const wallet = await createWallet(walletRelay)
  cleanups.push(() => wallet.close())
  return { dapp, wallet }
}

function personalSign(dapp: Dapp, wallet: Wallet, topic: string) {
  return dapp.request<`0x${string}`>({
    topic,
    chainId: CHAIN,
    request: { method: 'personal_sign', params: [HELLO, wallet.account.address] },
  })
}

async function expectSignedHello(wallet: Wallet, signature: `0x${string}`) {
  expect(await verifyMessage({ address: wallet.account.address, message: { raw: HELLO }, signature })).toBe(
    true,
  )
}

/** The wallet ends the session; the dapp must hear of it. */
async function expectDisconnectSeen(dapp: Dapp, wallet: Wallet, topic: string) {
  const deleted = new Promise<{ topic: string }>((resolve) => dapp.on('session_delete', resolve))
  await wallet.kit.disconnectSession({ topic, reason: { code: 6000, message: 'User disconnected' } })
  expect((await deleted).topic).toBe(topic)
}

describe('WalletConnect clients through the relay', () => {
  it('pair, approve an eip155 session, personal_sign, disconnect', { timeout: 20_000 }, async () => {
    const relay: RunningRelay = await startRelay({ port: 0, logger: quiet })
    cleanups.push(() => relay.close())
    const { dapp, wallet } = await peers(relay.url, relay.url)

    const session = await connectPeers(dapp, wallet)
    expect(session.namespaces.eip155?.accounts).toEqual([`${CHAIN}:${wallet.account.address}`])
    expect(session.namespaces.eip155?.methods).toEqual(['personal_sign', 'eth_sendTransaction'])

    await expectSignedHello(wallet, await personalSign(dapp, wallet, session.topic))
    await expectDisconnectSeen(dapp, wallet, session.topic)
  })

  describe.skipIf(!hasRedisServer)(`on two relays sharing Redis (needs ${REDIS_SERVER})`, () => {
    it('dapp on A, wallet on B, and B restarting mid-session', { timeout: 30_000 }, async () => {
      const redis = await startRedisServer()
      cleanups.push(() => redis.stop())
      const portB = await freePort()
      const a = await startRelay({ port: 0, redisUrl: redis.url, logger: quiet })
      cleanups.push(() => a.close())
      let b = await startRelay({ port: portB, redisUrl: redis.url, logger: quiet })
      cleanups.push(() => b.close())
      const { dapp, wallet } = await peers(a.url, b.url)

      const session = await connectPeers(dapp, wallet)
      await expectSignedHello(wallet, await personalSign(dapp, wallet, session.topic))

      // The request is sent while the wallet's relay is down; it waits in the mailbox and reaches
      // the wallet once its client has reconnected to the restarted relay.
      await b.close()
      const accepted = relayAccepted(dapp, session.topic)
      const signature = personalSign(dapp, wallet, session.topic)
      await accepted
      b = await startRelay({ port: portB, redisUrl: redis.url, logger: quiet })
      await expectSignedHello(wallet, await signature)

      await expectDisconnectSeen(dapp, wallet, session.topic)
    })
  })
})
