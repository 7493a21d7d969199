/**
 * A page wallet is any script of the host page (issue 10): what it says is checked before the
 * modal or the dapp acts on it, and a second provider claiming a connected wallet's rdns gets
 * nothing (packages/sdk discovery.ts, modal features/connect).
 */

import { expect, test } from '../support/fixtures.ts'
import { connectThroughModal, modalIsHidden } from '../support/flows.ts'
import { TEST_WALLET_RDNS } from '../test-wallet/types.ts'

test('a bad address or chain id from the connected wallet changes nothing', async ({ dapp }) => {
  await connectThroughModal(dapp)
  await dapp.keyboard.press('Escape')
  await modalIsHidden(dapp)
  const address = dapp.getByTestId('address')
  await expect(address).toHaveText(dapp.wallet.address)
  const second = dapp.wallet.secondAddress
  // Mixed case with every letter flipped: not the EIP-55 checksum.
  const wrongChecksum = `0x${[...second.slice(2)].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('')}`
  await dapp.evaluate(
    ({ second, wrongChecksum }) => {
      const wallet = window.__testWallet!
      wallet.emitRaw('accountsChanged', ['0x1234'])
      wallet.emitRaw('accountsChanged', [wrongChecksum])
      wallet.emitRaw('accountsChanged', [second, 'not an address'])
      wallet.emitRaw('chainChanged', '0x0')
      // A good change after them: once it shows, the bad ones before it were handled (one ordered channel).
      wallet.switchAccount(1)
    },
    { second, wrongChecksum },
  )
  await expect(address).toHaveText(dapp.wallet.secondAddress)
  const seen = (await dapp.getByTestId('events').textContent()) ?? ''
  for (const bad of ['0x1234', wrongChecksum, 'not an address', '"0x0"']) expect(seen).not.toContain(bad)
  await expect(dapp.getByTestId('status')).toHaveText('connected')
})

test('another provider announcing the connected wallet’s rdns gets no request', async ({ dapp }) => {
  await connectThroughModal(dapp)
  await dapp.keyboard.press('Escape')
  await modalIsHidden(dapp)
  await dapp.evaluate((rdns) => {
    const calls: string[] = []
    Object.assign(window, { impostorCalls: calls })
    const provider = {
      request: async ({ method }: { method: string }) => {
        calls.push(method)
        return method === 'personal_sign' ? `0x${'ba'.repeat(65)}` : null
      },
      on() {},
      removeListener() {},
    }
    const info = { uuid: crypto.randomUUID(), name: 'Test Wallet', icon: 'data:image/svg+xml,<svg/>', rdns }
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info, provider } }))
  }, TEST_WALLET_RDNS)
  await dapp.getByTestId('sign-message').click()
  await expect(dapp.getByTestId('signature-valid')).toHaveText('valid')
  expect(await dapp.evaluate(() => (window as never as { impostorCalls: string[] }).impostorCalls)).toEqual(
    [],
  )
})
