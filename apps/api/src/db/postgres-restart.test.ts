/**
 * Issue 10 point 3: Postgres restarted under the data API. While it is down every call is answered
 * at once with a 503 `DATABASE_UNAVAILABLE` (no hang, no crash); when it is back the API serves
 * again by itself, and the indexer has caught up with what happened meanwhile: each transfer once.
 */
import { API_ERRORS, HistoryResponseSchema } from '@walletframe/protocol'
import { type RestartableTestPostgres, startThrowawayPostgres } from '@walletframe/testing/postgres'
import { type Address, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningApi } from '../server.ts'
import { clientQuery, freshAddress, startTestApi } from '../test-support/api.ts'
import { sendEth } from '../test-support/chain.ts'
import { startTestDevnet, type TestDevnet } from '../test-support/devnet.ts'

describe('Postgres restarted under the data API', () => {
  let postgres: RestartableTestPostgres
  let devnet: TestDevnet
  let api: RunningApi

  beforeAll(async () => {
    ;[postgres, devnet] = await Promise.all([startThrowawayPostgres(), startTestDevnet()])
    api = await startTestApi(devnet, { databaseUrl: postgres.url })
  })
  afterAll(async () => {
    await api?.close()
    await Promise.all([devnet?.close(), postgres?.close()])
  })

  const chain = () => devnet.stack.devnet.chains[0]!
  const history = (account: Address) => api.app.request(`/v1/account/${account}/history?${clientQuery()}`)
  const hashes = async (account: Address) => {
    const response = await history(account)
    expect(response.status).toBe(200)
    return HistoryResponseSchema.parse(await response.json()).data.map((item) => item.metadata.hash)
  }

  it('answers 503 during the outage, recovers by itself and loses or duplicates no history', async () => {
    const recipient = freshAddress()
    const first = await sendEth(chain(), 6, recipient, parseEther('0.1'))
    await api.indexer.waitFor(chain().chainId, first.blockNumber)
    expect(await hashes(recipient)).toEqual([first.transactionHash])

    await postgres.stop()
    const during = await history(recipient)
    expect(during.status).toBe(503)
    const { code, message } = API_ERRORS.databaseUnavailable
    expect(await during.json()).toEqual({ code, message })
    // Blocks mined while the database is away: the indexer must pick them up afterwards.
    const second = await sendEth(chain(), 6, recipient, parseEther('0.2'))

    await postgres.start()
    await api.indexer.waitFor(chain().chainId, second.blockNumber, 60_000)
    expect(await hashes(recipient)).toEqual([second.transactionHash, first.transactionHash])
  })
})
