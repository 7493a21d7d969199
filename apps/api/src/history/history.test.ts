import { devnetAccounts } from '@walletframe/devnet'
import { HistoryResponseSchema, type Transaction } from '@walletframe/protocol'
import { type Address, parseEther, type TransactionReceipt } from 'viem'
import { describe, expect, it } from 'vitest'
import { freshAddress, clientQuery as query, TEST_BACKENDS, useTestApi } from '../test-support/api.ts'
import { sendEth } from '../test-support/chain.ts'

const accounts = devnetAccounts()

describe.each(TEST_BACKENDS)('GET /v1/account/:account/history on $name', (backend) => {
  const suite = useTestApi(backend)
  const chainA = () => suite.devnet.stack.devnet.chains[0]!
  const chainB = () => suite.devnet.stack.devnet.chains[1]!
  const indexed = (chain: { chainId: number }, block: bigint | number) =>
    suite.api.indexer.waitFor(chain.chainId, block)

  const history = async (account: Address, extra: Record<string, string> = {}) => {
    const { status, body } = await suite.json(`/v1/account/${account}/history?${query(extra)}`)
    expect(status).toBe(200)
    return HistoryResponseSchema.parse(body)
  }
  /** The whole history, page after page; fails on a duplicate id. */
  const allPages = async (account: Address, extra: Record<string, string> = {}) => {
    const items: Transaction[] = []
    const pages: number[] = []
    let cursor: string | undefined
    do {
      const page = await history(account, { ...extra, ...(cursor ? { cursor } : {}) })
      items.push(...page.data)
      pages.push(page.data.length)
      cursor = page.next ?? undefined
    } while (cursor)
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length)
    return { items, pages }
  }

  it('lists native transfers to and from an account, newest first', async () => {
    const recipient = freshAddress()
    const receipts: TransactionReceipt[] = []
    for (const amount of ['0.1', '0.2', '0.3'])
      receipts.push(await sendEth(chainA(), 5, recipient, parseEther(amount)))
    await indexed(chainA(), receipts.at(-1)!.blockNumber)

    const page = await history(recipient)
    expect(page.next).toBeNull()
    expect(page.data.map((item) => item.metadata.hash)).toEqual(
      receipts.map((r) => r.transactionHash).reverse(),
    )
    const [newest] = page.data
    expect(newest).toMatchObject({
      id: `eip155:31337:${receipts[2]!.transactionHash}`,
      metadata: {
        operationType: 'receive',
        status: 'confirmed',
        chain: 'eip155:31337',
        sentFrom: accounts[5]!.address,
        sentTo: recipient,
      },
      transfers: [{ direction: 'in', quantity: { numeric: '0.3' }, fungible_info: { symbol: 'ETH' } }],
    })
    expect(Date.parse(newest!.metadata.minedAt)).toBeGreaterThan(Date.now() - 5 * 60_000)

    const sender = await history(accounts[5]!.address, { chainId: 'eip155:31337' })
    const sent = sender.data.find((item) => item.metadata.hash === receipts[0]!.transactionHash)
    expect(sent).toMatchObject({ metadata: { operationType: 'send' }, transfers: [{ direction: 'out' }] })
  })

  it('pages with a cursor, with no duplicates and nothing left out', async () => {
    const recipient = freshAddress()
    let last = 0n
    const sent = new Set<string>()
    for (let i = 1; i <= 45; i++) {
      const receipt = await sendEth(chainA(), 6, recipient, BigInt(i))
      sent.add(receipt.transactionHash)
      last = receipt.blockNumber
    }
    await indexed(chainA(), last)
    const { items, pages } = await allPages(recipient)
    expect(pages).toEqual([20, 20, 5])
    expect(new Set(items.map((item) => item.metadata.hash))).toEqual(sent)
    const wei = items.map((item) => Number(BigInt(parseEther(item.transfers[0]!.quantity.numeric))))
    expect(wei).toEqual(Array.from({ length: 45 }, (_, i) => 45 - i))
  })

  it('filters by chainId', async () => {
    const recipient = freshAddress()
    const onA = await sendEth(chainA(), 7, recipient, parseEther('1'))
    const onB = await sendEth(chainB(), 7, recipient, parseEther('2'))
    await indexed(chainA(), onA.blockNumber)
    await indexed(chainB(), onB.blockNumber)

    expect((await history(recipient)).data.map((item) => item.metadata.chain).sort()).toEqual([
      'eip155:31337',
      'eip155:31338',
    ])
    const onlyB = await history(recipient, { chainId: 'eip155:31338' })
    expect(onlyB.data).toHaveLength(1)
    expect(onlyB.data[0]).toMatchObject({
      id: `eip155:31338:${onB.transactionHash}`,
      transfers: [{ quantity: { numeric: '2' } }],
    })
    expect((await history(recipient, { chainId: 'eip155:31337' })).data).toHaveLength(1)
  })

  it('shows the fixtures: ERC-20 amounts, NFTs with their token id, spam flags, mints', async () => {
    const holder = accounts[0]!.address
    await indexed(chainA(), Number(suite.devnet.fixtures[chainA().chainId]!.startBlock) + 20)
    const { items } = await allPages(holder, { chainId: 'eip155:31337' })
    // #0 received dUSD, DVT, ZERO and two NFTs from #9, then dUSD and DPUNK #3 from #1.
    expect(items).toHaveLength(7)
    const fungible = items.flatMap((item) => item.transfers.flatMap((t) => (t.fungible_info ? [t] : [])))
    expect(fungible.map((t) => [t.fungible_info!.symbol, t.quantity.numeric, t.direction]).sort()).toEqual(
      [
        ['DVT', '10', 'in'],
        ['ZERO', '42', 'in'],
        ['dUSD', '100.5', 'in'],
        ['dUSD', '1000', 'in'],
      ].sort(),
    )
    const nfts = items.flatMap((item) =>
      item.transfers.flatMap((t) => (t.nft_info ? [{ ...t.nft_info, op: item.metadata.operationType }] : [])),
    )
    expect(nfts.map((nft) => [nft.name, nft.token_id, nft.flags.is_spam, nft.op]).sort()).toEqual(
      [
        ['Devnet Punks #1', '1', false, 'mint'],
        ['Devnet Punks #3', '3', false, 'receive'],
        ['Claim Rewards #1', '1', true, 'mint'],
      ].sort(),
    )
    // Newest first across the page.
    const times = items.map((item) => Date.parse(item.metadata.minedAt))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
  })

  it('answers an onramp page with no on-ramp provider as empty', async () => {
    expect(await history(accounts[0]!.address, { onramp: 'coinbase' })).toEqual({ data: [], next: null })
  })

  const good = accounts[0]!.address
  it.each([
    // [what, path, expected code]
    ['bad address', `/v1/account/not-an-address/history?${query()}`],
    ['bad cursor', `/v1/account/${good}/history?${query({ cursor: 'abc' })}`, 'INVALID_CURSOR'],
    ['cursor not base64url', `/v1/account/${good}/history?${query({ cursor: '!!!' })}`],
    [
      'cursor with huge numbers',
      `/v1/account/${good}/history?${query({ cursor: Buffer.from('h1.99999999999999999.1.1.1').toString('base64url') })}`,
    ],
    ['cursor too long', `/v1/account/${good}/history?${query({ cursor: 'a'.repeat(500) })}`],
    ['huge chainId', `/v1/account/${good}/history?${query({ chainId: 'eip155:999999999999999999999' })}`],
    ['unknown chain', `/v1/account/${good}/history?${query({ chainId: 'eip155:1' })}`, 'UNSUPPORTED_CHAIN'],
    ['unknown onramp', `/v1/account/${good}/history?${query({ onramp: 'elsewhere' })}`],
  ])('malformed: %s → 4xx { code, message }', async (_what, path, code?: string) => {
    const error = await suite.expectClientError(path, undefined, code)
    expect(error.message).not.toMatch(/select|insert|stack|at \//i)
  })

  it('never reflects the input in the message', async () => {
    const error = await suite.expectClientError(
      `/v1/account/${good}/history?${query({ cursor: '<script>' })}`,
    )
    expect(error.message).not.toContain('<script>')
  })

  // Last: it replaces the running API.
  it('resumes after a restart with no gap and no duplicate', async () => {
    const recipient = freshAddress()
    const before = await sendEth(chainA(), 8, recipient, 1n)
    await indexed(chainA(), before.blockNumber)
    await suite.api.close()

    // Transfers while the API is down, on both chains.
    const whileDown = [await sendEth(chainA(), 8, recipient, 2n), await sendEth(chainA(), 8, recipient, 3n)]
    const onB = await sendEth(chainB(), 8, recipient, 4n)

    await suite.restart()
    await indexed(chainA(), whileDown.at(-1)!.blockNumber)
    await indexed(chainB(), onB.blockNumber)
    const { items } = await allPages(recipient)
    expect(items.map((item) => item.metadata.hash).sort()).toEqual(
      [before, ...whileDown, onB].map((receipt) => receipt.transactionHash).sort(),
    )
    const [{ total, once }] = (await suite.api.context.db.query(
      `SELECT count(*)::int AS total, count(DISTINCT (chain_id, tx_hash, log_index))::int AS once FROM transfers`,
    )) as [{ total: number; once: number }]
    expect(total).toBe(once)
  })
})
