/**
 * The indexer against chains that change under it: a reorg (anvil snapshot/revert) and a devnet
 * restarted on the same ports (new genesis, same chain id) while the database kept the old chain.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startDevnet } from '@walletframe/devnet'
import type { Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readHistoryPage } from '../history/page.ts'
import type { RunningApi } from '../server.ts'
import { startTestApi } from '../test-support/api.ts'
import { anvil, publicClient, sendEth } from '../test-support/chain.ts'
import { startTestDevnet, type TestDevnet } from '../test-support/devnet.ts'

const freshAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address

describe('indexer on a changing chain', () => {
  let devnet: TestDevnet
  let dataDir: string
  let api: RunningApi
  const chain = () => devnet.stack.devnet.chains[0]!
  const hashesOf = async (account: Address) => {
    const page = await readHistoryPage(api.context, {
      account: account.toLowerCase() as Address,
      chainId: chain().chainId,
    })
    return page.data.map((item) => item.metadata.hash)
  }

  beforeAll(async () => {
    devnet = await startTestDevnet({ fixtures: false })
    dataDir = await mkdtemp(join(tmpdir(), 'wf-api-indexer-'))
    api = await startTestApi(devnet, { dataDir })
  })

  afterAll(async () => {
    await api?.close()
    await devnet?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('undoes a reorg: transfers of dropped blocks disappear, the new branch is indexed', async () => {
    const recipient = freshAddress()
    const kept = await sendEth(chain(), 1, recipient, 1n)
    await api.indexer.waitFor(chain().chainId, kept.blockNumber)
    const snapshot = await anvil(chain(), 'evm_snapshot', [])
    const dropped = await sendEth(chain(), 1, recipient, 2n)
    await api.indexer.waitFor(chain().chainId, dropped.blockNumber)
    expect(await hashesOf(recipient)).toEqual([dropped.transactionHash, kept.transactionHash])

    await anvil(chain(), 'evm_revert', [snapshot])
    // The new branch grows past the old tip, so the indexer sees a parent-hash mismatch.
    const replacements = [
      await sendEth(chain(), 2, recipient, 3n),
      await sendEth(chain(), 2, recipient, 4n),
      await sendEth(chain(), 2, recipient, 5n),
    ]
    const tip = replacements.at(-1)!.blockNumber
    expect(tip).toBeGreaterThan(dropped.blockNumber)
    await api.indexer.waitFor(chain().chainId, tip)
    await expect
      .poll(() => hashesOf(recipient))
      .toEqual(
        [...replacements]
          .reverse()
          .map((r) => r.transactionHash)
          .concat(kept.transactionHash),
      )
  })

  it('forgets a chain whose devnet was restarted (new genesis) and indexes the new one', async () => {
    const old = freshAddress()
    const before = await sendEth(chain(), 3, old, 1n)
    await api.indexer.waitFor(chain().chainId, before.blockNumber)
    expect(await hashesOf(old)).toEqual([before.transactionHash])
    await api.close()

    // Same ports, same chain ids, fresh state: what `npm start` does each time with a kept .data.
    await devnet.close()
    const restarted = await startDevnet(devnet.stack.devnet, { fixtures: false })
    devnet = { ...devnet, devnet: restarted, close: () => restarted.close() }
    const recipient = freshAddress()
    const after = await sendEth(chain(), 3, recipient, 7n)

    api = await startTestApi(devnet, { dataDir })
    await api.indexer.waitFor(chain().chainId, after.blockNumber)
    expect(await hashesOf(old)).toEqual([])
    expect(await hashesOf(recipient)).toEqual([after.transactionHash])
    const [cursor] = await api.context.db.query<{ last_block: number }>(
      'SELECT last_block FROM indexer_cursors WHERE chain_id = $1',
      [chain().chainId],
    )
    expect(cursor?.last_block).toBe(Number(await publicClient(chain()).getBlockNumber()))
  })
})
