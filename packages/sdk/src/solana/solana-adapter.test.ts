/**
 * The Solana adapter in a page with the fake modal: discovery of a real Wallet Standard wallet
 * (the test wallet, a real ed25519 key), what the modal asks of it, the route of the provider's
 * calls, spec §5's send options, and WalletFrame's own registration.
 */
import { ed25519 } from '@noble/curves/ed25519'
import {
  MODAL_ERRORS,
  type NamespaceAccount,
  solanaLocalnet,
  WALLET_STANDARD_ID_PREFIX,
} from '@walletframe/protocol'
import { createSolanaTestWallet, registerTestWallet } from '@walletframe/testing/solana-wallet'
import { describe, expect, it } from 'vitest'
import { errorOf, openPage } from '../../test/page.ts'
import { fromBase58, fromBase64, toBase58, toBase64 } from '../wallet-standard/codec.ts'
import { watchStandardWallets } from '../wallet-standard/registry.ts'
import type { StandardWallet } from '../wallet-standard/types.ts'
import { solanaAdapter } from './index.ts'
import { firstSignature } from './transaction.ts'

const seed = new Uint8Array(32).fill(7)
const WALLET_ID = `${WALLET_STANDARD_ID_PREFIX}Test Solana Wallet`

/**
 * A legacy transfer message signed by the test wallet's key: 1 signature slot, header (1 signer,
 * 0 read-only signed, 1 read-only unsigned), 3 keys (payer, receiver, system program), a blockhash,
 * one System transfer instruction.
 */
function unsignedTransfer(payer: Uint8Array): Uint8Array {
  const receiver = new Uint8Array(32).fill(9)
  const message = [1, 0, 1, 3, ...payer, ...receiver, ...new Uint8Array(32), ...new Uint8Array(32).fill(5)]
  const instruction = [1, 2, 0, 1, 12, 2, 0, 0, 0, 0x40, 0x42, 0x0f, 0, 0, 0, 0, 0]
  return new Uint8Array([1, ...new Uint8Array(64), ...message, 1, ...instruction])
}

function setup(options: Parameters<typeof solanaAdapter>[0] = {}) {
  const test = createSolanaTestWallet({ seed })
  const page = openPage({ networks: [page0Network(), solanaLocalnet], adapters: [solanaAdapter(options)] })
  return { ...page, test, solana: page.wf.getProvider('solana') }
}
const page0Network = () => ({
  id: 31337,
  name: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
})

const connectedTo = (connectorId: string, address: string): NamespaceAccount => ({
  namespace: 'solana',
  status: 'connected',
  address,
  caipNetworkId: solanaLocalnet.caipNetworkId,
  connectorId,
})

describe('solanaAdapter', () => {
  it('describes a Wallet Standard Solana wallet of the page to the modal, registered before or after', async () => {
    const { win, test, nextModal } = setup()
    registerTestWallet(win, test.wallet)
    const modal = await nextModal()
    const described = modal.init.wallets.find((w) => w.id === WALLET_ID)
    expect(described).toMatchObject({
      type: 'WALLET_STANDARD',
      namespace: 'solana',
      name: 'Test Solana Wallet',
      installed: true,
      chains: [solanaLocalnet.caipNetworkId, 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'],
    })
    const later = createSolanaTestWallet({ seed: new Uint8Array(32).fill(8), name: 'Later Wallet' })
    const sent = new Promise<string[]>((resolve) =>
      modal.messenger.on('host.wallets', ({ wallets }) => resolve(wallets.map((w) => w.id))),
    )
    registerTestWallet(win, later.wallet)
    expect(await sent).toContain(`${WALLET_STANDARD_ID_PREFIX}Later Wallet`)
  })

  it('a silent solana_requestAccounts (a restore after a reload) never prompts: no trusted account, none', async () => {
    const asked: string[] = []
    const test = createSolanaTestWallet({
      seed,
      approve: (what) => {
        asked.push(what)
        return true
      },
    })
    const { win, nextModal } = openPage({
      networks: [page0Network(), solanaLocalnet],
      adapters: [solanaAdapter()],
    })
    registerTestWallet(win, test.wallet)
    const { messenger } = await nextModal()
    const ask = (params?: Record<string, unknown>) =>
      messenger.request('host.walletRequest', {
        walletId: WALLET_ID,
        method: 'solana_requestAccounts',
        params,
      })
    expect(await ask({ silent: true })).toEqual([])
    expect(asked).toEqual([])
    expect(await ask()).toEqual([{ pubkey: test.address }])
    expect(asked).toEqual(['connect'])
    expect(await ask({ silent: true })).toEqual([{ pubkey: test.address }])
    expect(asked).toEqual(['connect'])
  })

  it('runs what the modal asks of the wallet in the solana vocabulary, with real signatures', async () => {
    const { win, test, nextModal } = setup()
    registerTestWallet(win, test.wallet)
    const { messenger } = await nextModal()
    const ask = (method: string, params?: Record<string, unknown>) =>
      messenger.request('host.walletRequest', { walletId: WALLET_ID, method, params })
    expect(await ask('solana_requestAccounts')).toEqual([{ pubkey: test.address }])
    messenger.emit('namespace.account', connectedTo(WALLET_ID, test.address))

    const message = new TextEncoder().encode('Sign in to WalletFrame')
    const { signature } = (await ask('solana_signMessage', {
      message: toBase58(message),
      pubkey: test.address,
    })) as { signature: string }
    expect(ed25519.verify(fromBase58(signature), message, test.publicKey)).toBe(true)

    const wire = unsignedTransfer(test.publicKey)
    const signed = (await ask('solana_signTransaction', { transaction: toBase64(wire) })) as {
      signature: string
      transaction: string
    }
    const bytes = fromBase64(signed.transaction)
    expect(ed25519.verify(bytes.subarray(1, 65), bytes.subarray(65), test.publicKey)).toBe(true)
    expect(signed.signature).toBe(firstSignature(bytes))

    const all = (await ask('solana_signAllTransactions', {
      transactions: [toBase64(wire), toBase64(wire)],
    })) as {
      transactions: string[]
    }
    expect(all.transactions).toEqual([signed.transaction, signed.transaction])
  })

  it('sends the connected page wallet’s signing straight to it, and the modal’s connector’s to the modal', async () => {
    const { win, test, nextModal, solana } = setup()
    registerTestWallet(win, test.wallet)
    const modal = await nextModal()
    const viaModal: unknown[] = []
    modal.messenger.handle('rpc.request', (params) => {
      viaModal.push(params)
      return { signature: toBase58(new Uint8Array(64).fill(1)) }
    })
    await test.wallet.features['standard:connect'].connect()
    const connected = new Promise((resolve) => solana.on('connect', resolve))
    modal.messenger.emit('namespace.account', connectedTo(WALLET_ID, test.address))
    await connected
    expect(solana.publicKey).toBe(test.address)

    const message = new Uint8Array([1, 2, 3])
    const signature = await solana.signMessage(message)
    expect(ed25519.verify(signature, message, test.publicKey)).toBe(true)
    expect(viaModal).toEqual([])

    // The embedded wallet (a connector of the modal): through rpc.request with the namespace.
    modal.messenger.emit('namespace.account', connectedTo('embedded', test.address))
    await new Promise((resolve) => setTimeout(resolve))
    await solana.signMessage(message)
    expect(viaModal).toEqual([
      {
        method: 'solana_signMessage',
        params: { message: toBase58(message), pubkey: test.address },
        namespace: 'solana',
      },
    ])
  })

  it('names a wrong send option (spec §5) before anything is signed, and takes web3.js-style transactions', async () => {
    const { nextModal, solana } = setup()
    const modal = await nextModal()
    modal.messenger.handle('rpc.request', ({ params }) => ({
      signature: firstSignature(fromBase64((params as { transaction: string }).transaction)),
    }))
    modal.messenger.emit('namespace.account', connectedTo('embedded', toBase58(new Uint8Array(32).fill(3))))
    await new Promise((resolve) => setTimeout(resolve))
    const error = await errorOf(
      solana.signAndSendTransaction(new Uint8Array(10), { maxRetries: '3' } as never),
    )
    expect(error).toMatchObject({ code: -32602, message: 'sendOptions.maxRetries must be a number (≥ 0)' })
    const wire = unsignedTransfer(new Uint8Array(32).fill(3))
    wire.set(new Uint8Array(64).fill(4), 1)
    const web3Style = { serialize: () => wire }
    expect(await solana.signAndSendTransaction(web3Style, { skipPreflight: true })).toBe(
      toBase58(new Uint8Array(64).fill(4)),
    )
    expect(await errorOf(solana.signTransaction({} as never))).toMatchObject({ code: -32602 })
  })

  it('registers WalletFrame as a Wallet Standard wallet that the adapter itself never lists (no loop)', async () => {
    const { win, nextModal } = setup()
    const found: StandardWallet[] = []
    const stop = watchStandardWallets(win, (wallet) => found.push(wallet))
    stop()
    const walletFrame = found.find((w) => w.name === 'WalletFrame')!
    expect(walletFrame.chains).toEqual(['solana:localnet'])
    expect(Object.keys(walletFrame.features)).toEqual(
      expect.arrayContaining([
        'standard:connect',
        'standard:disconnect',
        'standard:events',
        'solana:signMessage',
        'solana:signTransaction',
        'solana:signAndSendTransaction',
      ]),
    )
    expect(walletFrame.icon).toMatch(/^data:image\/svg\+xml,/)
    const modal = await nextModal()
    expect(modal.init.wallets.some((w) => w.name === 'WalletFrame')).toBe(false)
  })

  it('registers nothing with registerWallet: false', () => {
    const { win } = setup({ registerWallet: false })
    const found: StandardWallet[] = []
    watchStandardWallets(win, (wallet) => found.push(wallet))()
    expect(found.map((w) => w.name)).not.toContain('WalletFrame')
  })

  it('is the only way to a solana provider: without it, getProvider throws UnsupportedNamespace', () => {
    const { wf } = openPage()
    for (const namespace of ['solana', 'bip122', 'constructor', 'toString'])
      expect(() => wf.getProvider(namespace as 'solana'), namespace).toThrow(
        expect.objectContaining({ reason: MODAL_ERRORS.unsupportedNamespace.reason }),
      )
  })
})
