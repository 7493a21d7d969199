import { formatEther, parseEther, verifyMessage } from 'viem'
import { chainClient, expect, stack, test } from '../support/fixtures.ts'
import { connectThroughModal, expectDisallowedMethodRefused } from '../support/flows.ts'

const RECIPIENT = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'

/** What the Account view must show: floored (never rounded) to 3 decimals, with thousands grouped. */
function expectedBalanceText(wei: bigint) {
  const [whole, fraction = ''] = formatEther(wei).split('.')
  return `${Number(whole).toLocaleString('en-US')}.${fraction.padEnd(3, '0').slice(0, 3)} ETH`
}

test('Account shows the truncated address and the devnet balance', async ({ dapp }) => {
  const frame = await connectThroughModal(dapp)
  const address = dapp.wallet.address
  await expect(frame.getByTestId('account-address')).toHaveText(`${address.slice(0, 4)}…${address.slice(-6)}`)
  const balance = await chainClient().getBalance({ address })
  await expect(frame.getByTestId('account-balance')).toHaveText(expectedBalanceText(balance))
  await expect(frame.getByTestId('account-network')).toContainText(stack.devnet.chains[0]!.name)
})

test('the dapp signs a message that verifies', async ({ dapp }) => {
  await connectThroughModal(dapp)
  await dapp.keyboard.press('Escape')
  await dapp.getByTestId('sign-message').click()
  await expect(dapp.getByTestId('signature-valid')).toHaveText('valid')
  const signature = (await dapp.getByTestId('signature').textContent()) as `0x${string}`
  expect(
    await verifyMessage({
      address: dapp.wallet.address as `0x${string}`,
      message: 'Hello from the WalletFrame demo',
      signature,
    }),
  ).toBe(true)
})

test('the dapp sends a transaction that lands on anvil', async ({ dapp }) => {
  await connectThroughModal(dapp)
  await dapp.keyboard.press('Escape')
  const client = chainClient()
  const before = await client.getBalance({ address: RECIPIENT })
  await dapp.getByTestId('send-transaction').click()
  await expect(dapp.getByTestId('tx-hash')).toHaveText(/^0x[0-9a-f]{64}$/)
  const hash = (await dapp.getByTestId('tx-hash').textContent()) as `0x${string}`
  const receipt = await client.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  expect(await client.getBalance({ address: RECIPIENT })).toBe(before + parseEther('0.01'))
})

test('the wallet switching account and chain updates the dapp through events', async ({ dapp }) => {
  await connectThroughModal(dapp)
  await dapp.keyboard.press('Escape')
  await dapp.evaluate(() =>
    (window as never as { __testWallet: { switchAccount(i: number): void } }).__testWallet.switchAccount(1),
  )
  await expect(dapp.getByTestId('address')).toHaveText(dapp.wallet.secondAddress)
  await expect(dapp.getByTestId('events')).toContainText('accountsChanged')
  const second = stack.devnet.chains[1]!.chainId
  await dapp.evaluate(
    (id) =>
      (window as never as { __testWallet: { switchChain(i: number): void } }).__testWallet.switchChain(id),
    second,
  )
  await expect(dapp.getByTestId('chain-id')).toContainText(String(second))
  await expect(dapp.getByTestId('events')).toContainText(`chainChanged 0x${second.toString(16)}`)
})

test('switching the network from the modal asks the wallet and updates the dapp', async ({ dapp }) => {
  const frame = await connectThroughModal(dapp)
  await frame.getByTestId('account-network').click()
  const second = stack.devnet.chains[1]!
  await frame.getByTestId(`network-${second.chainId}`).click()
  await expect(dapp.getByTestId('chain-id')).toContainText(String(second.chainId))
  await expect(frame.getByTestId('account-network')).toContainText(second.name)
})

test('the dapp switches network through the SDK', async ({ dapp }) => {
  await connectThroughModal(dapp)
  await dapp.keyboard.press('Escape')
  const second = stack.devnet.chains[1]!.chainId
  await dapp.getByTestId('network-select').selectOption(String(second))
  await dapp.getByTestId('switch-network').click()
  await expect(dapp.getByTestId('chain-id')).toContainText(String(second))
})

test('a chain outside the networks opens UnsupportedChain', async ({ dapp }) => {
  const frame = await connectThroughModal(dapp)
  await dapp.keyboard.press('Escape')
  await dapp.evaluate(() =>
    (window as never as { __testWallet: { switchChain(i: number): void } }).__testWallet.switchChain(4242),
  )
  await expect(frame.getByRole('dialog', { name: 'Switch Network' })).toBeVisible()
  await expect(frame.getByText("This app doesn't support your current network")).toBeVisible()
  // Picking a supported network from there asks the wallet to switch back.
  await frame.getByTestId(`network-${stack.devnet.chains[0]!.chainId}`).click()
  await expect(dapp.getByTestId('chain-id')).toContainText(String(stack.devnet.chains[0]!.chainId))
})

test('a disallowed method with a page wallet connected is refused, and the modal opens and says so (spec §6)', async ({
  dapp,
}) => {
  const frame = await connectThroughModal(dapp)
  await dapp.keyboard.press('Escape')
  await expect(dapp.getByTestId('modal-state')).toHaveText('closed')
  await expectDisallowedMethodRefused(dapp, frame)
})
