/**
 * The embedded wallet's smart account from the dapp's side (issue 14), on the real stack: devnet A
 * has the Alto bundler and the dev paymaster, so an embedded user's eip155 account is the smart
 * account by default (spec §9). It signs (ERC-6492 before it exists), its first transaction deploys
 * it, a `wallet_sendCalls` batch is one approval and reaches CONFIRMED, and a batch sponsored by the
 * dev paymaster costs it nothing. An approve + swap batch is atomic (one failing call: neither
 * happens), and switching to the EOA and back in the Account view keeps both addresses.
 */
import type { Page } from '@playwright/test'
import { fixtureContracts } from '@walletframe/devnet'
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  maxUint256,
  parseAbi,
  parseEther,
  parseUnits,
  toHex,
} from 'viem'
import {
  addPasskeyAuthenticator,
  approve,
  DEMO_RECIPIENT,
  keyFrame,
  sendAndVerify,
  signAndVerify,
  signUp,
  uniqueEmail,
} from '../support/embedded.ts'
import {
  animationsFinished,
  chainClient,
  expect,
  modalFrame,
  saveScreenshot,
  stack,
  test,
} from '../support/fixtures.ts'
import { dusd, dusdBalance, giveDusd } from '../support/wallet-features.ts'

/**
 * The dapp's EIP-1193 request through the SDK's provider, started now and awaited later; a refusal
 * rejects with the provider error's `code` and `message` (what the dapp's code sees).
 */
async function request(page: Page, method: string, params: unknown[]): Promise<unknown> {
  const outcome = await page.evaluate(
    async ([m, p]) => {
      const provider = (
        window as unknown as {
          walletFrame: { getProvider(namespace: string): { request(args: unknown): Promise<unknown> } }
        }
      ).walletFrame.getProvider('eip155')
      try {
        return { result: await provider.request({ method: m, params: p }) }
      } catch (error) {
        const { code, message } = error as { code: number; message: string }
        return { error: { code, message } }
      }
    },
    [method, params] as const,
  )
  if ('error' in outcome) throw outcome.error
  return outcome.result
}

const batch = (calls: unknown[], capabilities?: Record<string, unknown>) => [
  {
    version: '2.0.0',
    chainId: toHex(stack.devnet.chains[0]!.chainId),
    atomicRequired: true,
    calls,
    ...(capabilities ? { capabilities } : {}),
  },
]

/** Polls the batch's status as a dapp does (wagmi's waitForCallsStatus) until it is no longer pending. */
async function finalStatus(page: Page, id: string) {
  let answer: { status: number; receipts?: { status: string }[] } | undefined
  await expect
    .poll(
      async () => {
        answer = (await request(page, 'wallet_getCallsStatus', [id])) as typeof answer
        return answer!.status
      },
      { timeout: 30_000 },
    )
    .not.toBe(100)
  return answer!
}

test.describe('the embedded wallet’s smart account', () => {
  test.beforeEach(async ({ page }) => {
    await addPasskeyAuthenticator(page)
    await page.goto(stack.dapp.url)
  })

  test('is the default account: signs before it exists, deploys with its first send, batches, and is sponsored', async ({
    page,
  }) => {
    const { address } = await signUp(page, uniqueEmail('smart'))
    const client = chainClient()
    // Counterfactual: the dapp's account has no code yet, and it is not the key's own address.
    expect(await client.getCode({ address })).toBeUndefined()
    await expect(request(page, 'wallet_getCapabilities', [address])).resolves.toEqual({
      [toHex(stack.devnet.chains[0]!.chainId)]: {
        atomic: { status: 'supported' },
        paymasterService: { supported: true },
      },
    })

    // The page verifies the signature through the chain: ERC-6492 while the account is undeployed.
    await signAndVerify(page, address)
    // The demo's 0.01 ETH transfer: a user operation that deploys the account first.
    await sendAndVerify(page, address)
    expect(await client.getCode({ address })).toMatch(/^0x.+/)
    await signAndVerify(page, address) // ERC-1271 now

    // Two transfers in one wallet_sendCalls: one approval listing both, then CONFIRMED.
    const before = await client.getBalance({ address: DEMO_RECIPIENT })
    const sending = request(
      page,
      'wallet_sendCalls',
      batch([
        { to: DEMO_RECIPIENT, value: toHex(parseEther('0.001')) },
        { to: DEMO_RECIPIENT, value: toHex(parseEther('0.002')) },
      ]),
    )
    const key = await keyFrame(page)
    await expect(key.getByText('Approve 2 calls')).toBeVisible()
    await expect(key.getByText('Call 2')).toBeVisible()
    await animationsFinished(await modalFrame(page))
    await saveScreenshot(page, 'approve-batch-dark')
    await approve(page)
    const { id } = (await sending) as { id: string }
    const status = await finalStatus(page, id)
    expect(status).toMatchObject({ status: 200, receipts: [{ status: '0x1' }] })
    expect((await client.getBalance({ address: DEMO_RECIPIENT })) - before).toBe(parseEther('0.003'))

    // Sponsored by the dev paymaster (the dapp names it, ERC-7677): the account pays nothing.
    const balance = await client.getBalance({ address })
    const sponsored = request(
      page,
      'wallet_sendCalls',
      batch(
        [
          { to: DEMO_RECIPIENT, value: '0x1' },
          { to: DEMO_RECIPIENT, value: '0x1' },
        ],
        { paymasterService: { url: stack.bundler.paymasterUrl } },
      ),
    )
    await expect(key.getByText(/Sponsored by/)).toBeVisible()
    await approve(page)
    const sponsoredId = ((await sponsored) as { id: string }).id
    await expect(finalStatus(page, sponsoredId)).resolves.toMatchObject({ status: 200 })
    expect(await client.getBalance({ address })).toBe(balance - 2n)
    await expect(page.getByTestId('address')).toHaveText(address)

    // The wallet-call errors reach the dapp with their EIP-5792 codes (spec §8).
    const chainId = toHex(stack.devnet.chains[0]!.chainId)
    await expect(
      request(page, 'wallet_sendCalls', [
        { version: '2.0.0', chainId: '0x1', atomicRequired: true, calls: [{ to: DEMO_RECIPIENT }] },
      ]),
    ).rejects.toMatchObject({ code: 5710 })
    await expect(request(page, 'wallet_getCallsStatus', [`${id}00`])).rejects.toMatchObject({ code: 5730 })
    await expect(
      request(page, 'wallet_sendCalls', [
        {
          version: '2.0.0',
          chainId,
          atomicRequired: true,
          calls: [{ to: DEMO_RECIPIENT }],
          capabilities: { flashbots: {} },
        },
      ]),
    ).rejects.toMatchObject({ code: 5700 })
  })

  test('switching to the EOA and back keeps both addresses; approve + swap is one atomic batch', async ({
    page,
  }) => {
    const { address } = await signUp(page, uniqueEmail('smart-swap'))
    const client = chainClient()
    // The Account view's switch: the dapp's account becomes the EOA, then the smart account again.
    await page.getByTestId('account-button').click()
    await expect(page.getByTestId('modal-state')).toHaveText('open (Account)')
    const modal = await modalFrame(page)
    await expect(modal.getByTestId('account-type')).toContainText('Smart account')
    await animationsFinished(modal)
    await modal.getByTestId('account-type-switch').click()
    await expect(page.getByTestId('address')).not.toHaveText(address)
    const eoa = (await page.getByTestId('address').textContent()) as Address
    expect(eoa).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(await request(page, 'eth_accounts', [])).toEqual([eoa])
    await expect(modal.getByTestId('account-type')).toHaveText('EOA')
    await saveScreenshot(page, 'account-type-eoa')
    await modal.getByTestId('account-type-switch').click()
    await expect(page.getByTestId('address')).toHaveText(address)
    expect(await request(page, 'eth_accounts', [])).toEqual([address])
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('modal-state')).toHaveText('closed')

    const { router, weth } = fixtureContracts().uniswapV2
    await giveDusd(address, '10')
    const sponsored = { paymasterService: { url: stack.bundler.paymasterUrl } }
    const routerAbi = parseAbi([
      'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
    ])
    const approveAndSwap = (amountOutMin: bigint) => [
      {
        to: dusd.address,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'approve',
          args: [router, parseUnits('5', 6)],
        }),
      },
      {
        to: router,
        data: encodeFunctionData({
          abi: routerAbi,
          functionName: 'swapExactTokensForETH',
          args: [parseUnits('5', 6), amountOutMin, [dusd.address, weth], address, maxUint256],
        }),
      },
    ]
    const allowance = () =>
      client.readContract({
        address: dusd.address,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [address, router],
      })

    // The swap asks for more ETH than 5 dUSD can buy: it reverts, so the approval does not happen either.
    const failing = request(page, 'wallet_sendCalls', batch(approveAndSwap(parseEther('1')), sponsored))
    const key = await keyFrame(page)
    await expect(key.getByText('Approve 2 calls')).toBeVisible()
    await approve(page)
    await expect(failing).rejects.toMatchObject({
      message: expect.stringMatching(/revert|AA|execution|fail/i),
    })
    expect(await allowance()).toBe(0n)
    expect(await dusdBalance(address)).toBe(parseUnits('10', 6))

    // The same batch with a price it can meet: both calls happen, in one operation, at no cost.
    const ethBefore = await client.getBalance({ address })
    const swapping = request(page, 'wallet_sendCalls', batch(approveAndSwap(1n), sponsored))
    await expect(key.getByText('Approve 2 calls')).toBeVisible()
    await approve(page)
    const { id } = (await swapping) as { id: string }
    await expect(finalStatus(page, id)).resolves.toMatchObject({ status: 200, receipts: [{ status: '0x1' }] })
    expect(await dusdBalance(address)).toBe(parseUnits('5', 6))
    expect(await allowance()).toBe(0n) // the router spent all it was allowed
    expect(await client.getBalance({ address })).toBeGreaterThan(ethBefore)
  })
})
