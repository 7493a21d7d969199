/**
 * The Bitcoin adapter with a Wallet Standard wallet holding the `bitcoin:*` features of issue 15
 * (their exact shapes): discovery, what the modal asks of it, the route of the provider's calls.
 * The wallet here records what it is given and signs with a real secp256k1 key; the BIP-322
 * signature itself is the e2e Bitcoin wallet's (@scure/btc-signer), verified there.
 */
import { secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { bitcoin, WALLET_STANDARD_ID_PREFIX } from '@walletframe/protocol'
import { registerTestWallet } from '@walletframe/testing/solana-wallet'
import { describe, expect, it } from 'vitest'
import { errorOf, openPage } from '../../test/page.ts'
import { fromBase64, toBase64, toHex } from '../wallet-standard/codec.ts'
import { bitcoinAdapter } from './index.ts'

const PAYMENT = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
const ORDINALS = 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr'
const WALLET_ID = `${WALLET_STANDARD_ID_PREFIX}Test Bitcoin Wallet`
const secret = new Uint8Array(32).fill(1)
const publicKey = secp256k1.getPublicKey(secret)

function bitcoinWallet() {
  const calls: { feature: string; inputs: unknown[] }[] = []
  const accountOf = (address: string) => ({
    address,
    publicKey,
    chains: ['bitcoin:mainnet'],
    features: ['bitcoin:signMessage', 'bitcoin:signTransaction'],
  })
  let accounts: ReturnType<typeof accountOf>[] = []
  const wallet = {
    version: '1.0.0',
    name: 'Test Bitcoin Wallet',
    icon: 'data:image/svg+xml,<svg/>',
    chains: ['bitcoin:mainnet'],
    get accounts() {
      return accounts
    },
    features: {
      'bitcoin:connect': {
        version: '1.0.0',
        async connect(input: { purposes: string[] }) {
          calls.push({ feature: 'connect', inputs: [input] })
          accounts = [accountOf(PAYMENT), accountOf(ORDINALS)]
          return { accounts }
        },
      },
      'bitcoin:signMessage': {
        version: '1.0.0',
        async signMessage(...inputs: { account: { address: string }; message: Uint8Array }[]) {
          calls.push({ feature: 'signMessage', inputs })
          return inputs.map(({ message }) => ({
            signedMessage: message,
            signature: secp256k1.sign(sha256(message), secret).toCompactRawBytes(),
          }))
        },
      },
      'bitcoin:signTransaction': {
        version: '1.0.0',
        async signTransaction(...inputs: { psbt: Uint8Array }[]) {
          calls.push({ feature: 'signTransaction', inputs })
          return inputs.map(({ psbt }) => ({ signedPsbt: new Uint8Array([...psbt, 0xff]) }))
        },
      },
    },
  }
  return { wallet, calls }
}

function setup() {
  const devnet = {
    id: 31337,
    name: 'Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  }
  const page = openPage({ networks: [devnet, bitcoin], adapters: [bitcoinAdapter()] })
  return { ...page, btc: page.wf.getProvider('bip122') }
}

describe('bitcoinAdapter', () => {
  it('describes a Wallet Standard wallet with the bitcoin features as a bip122 wallet', async () => {
    const { win, nextModal } = setup()
    registerTestWallet(win, bitcoinWallet().wallet)
    registerTestWallet(win, { ...bitcoinWallet().wallet, name: 'No Signing', features: {} })
    const { init } = await nextModal()
    const described = init.wallets.filter((w) => w.namespace === 'bip122')
    expect(described).toEqual([
      {
        id: WALLET_ID,
        name: 'Test Bitcoin Wallet',
        icon: 'data:image/svg+xml,<svg/>',
        type: 'WALLET_STANDARD',
        installed: true,
        namespace: 'bip122',
        chains: [bitcoin.caipNetworkId],
      },
    ])
  })

  it('connects for payment and ordinals, signs messages and PSBTs in the bip122 vocabulary', async () => {
    const { win, nextModal } = setup()
    const { wallet, calls } = bitcoinWallet()
    registerTestWallet(win, wallet)
    const { messenger } = await nextModal()
    const ask = (method: string, params: Record<string, unknown>) =>
      messenger.request('host.walletRequest', { walletId: WALLET_ID, method, params })

    expect(await ask('getAccountAddresses', {})).toEqual([
      { address: PAYMENT, publicKey: toHex(publicKey), purpose: 'payment' },
      { address: ORDINALS, publicKey: toHex(publicKey), purpose: 'ordinals' },
    ])
    expect(calls[0]).toEqual({ feature: 'connect', inputs: [{ purposes: ['payment', 'ordinals'] }] })

    const signed = (await ask('signMessage', { account: PAYMENT, message: 'hello' })) as {
      address: string
      signature: string
    }
    expect(signed).toMatchObject({ address: PAYMENT })
    const [input] = calls[1]!.inputs as { account: { address: string }; message: Uint8Array }[]
    expect(input!.account.address).toBe(PAYMENT)
    expect(new TextDecoder().decode(input!.message)).toBe('hello')
    const signature = fromBase64(signed.signature)
    expect(secp256k1.verify(signature, sha256(new TextEncoder().encode('hello')), publicKey)).toBe(true)

    messenger.emit('namespace.account', {
      namespace: 'bip122',
      status: 'connected',
      address: PAYMENT,
      caipNetworkId: bitcoin.caipNetworkId,
      connectorId: WALLET_ID,
    })
    const psbt = toBase64(new Uint8Array([0x70, 0x73, 0x62, 0x74, 0xff]))
    const out = (await ask('signPsbt', {
      account: PAYMENT,
      psbt,
      signInputs: [
        { address: PAYMENT, index: 0 },
        { address: ORDINALS, index: 1, sighashTypes: [1] },
        { address: PAYMENT, index: 2 },
      ],
    })) as { psbt: string }
    expect(fromBase64(out.psbt)).toEqual(new Uint8Array([0x70, 0x73, 0x62, 0x74, 0xff, 0xff]))
    const [signInput] = calls[2]!.inputs as {
      inputsToSign: { account: { address: string }; signingIndexes: number[]; sigHash?: number }[]
      chain: string
    }[]
    expect(signInput!.chain).toBe('bitcoin:mainnet')
    expect(signInput!.inputsToSign.map((i) => [i.account.address, i.signingIndexes, i.sigHash])).toEqual([
      [PAYMENT, [0, 2], undefined],
      [ORDINALS, [1], 1],
    ])
    expect(
      await errorOf(ask('signPsbt', { account: PAYMENT, psbt, broadcast: true, signInputs: [] })),
    ).toMatchObject({
      code: -32602,
    })
  })

  it('a silent getAccountAddresses (a restore after a reload) never prompts', async () => {
    const { win, nextModal } = setup()
    const { wallet, calls } = bitcoinWallet()
    const silentConnects: unknown[] = []
    // Wallet Standard's silent connect: this wallet still trusts the page once asked by it.
    const trusting = {
      ...bitcoinWallet().wallet,
      name: 'Trusting',
      get accounts() {
        return silentConnects.length ? wallet.accounts : []
      },
      features: {
        ...bitcoinWallet().wallet.features,
        'standard:connect': {
          version: '1.0.0',
          connect: async (input: unknown) => silentConnects.push(input),
        },
      },
    }
    registerTestWallet(win, wallet)
    registerTestWallet(win, trusting)
    const { messenger } = await nextModal()
    const silently = (walletId: string) =>
      messenger.request('host.walletRequest', {
        walletId,
        method: 'getAccountAddresses',
        params: { silent: true } as never,
      })
    // Not yet trusted, and bitcoin:connect would prompt: none, the wallet never asked.
    expect(await silently(WALLET_ID)).toEqual([])
    expect(calls).toEqual([])
    await messenger.request('host.walletRequest', { walletId: WALLET_ID, method: 'getAccountAddresses' })
    expect(await silently(WALLET_ID)).toHaveLength(2)
    expect(calls).toHaveLength(1)

    expect(await silently(`${WALLET_STANDARD_ID_PREFIX}Trusting`)).toHaveLength(2)
    expect(silentConnects).toEqual([{ silent: true }])
  })

  it('gives the dapp a provider that asks the connected page wallet directly', async () => {
    const { win, nextModal, btc } = setup()
    const { wallet, calls } = bitcoinWallet()
    registerTestWallet(win, wallet)
    const { messenger } = await nextModal()
    expect(await errorOf(btc.getAccountAddresses())).toMatchObject({ code: 4900 })
    await wallet.features['bitcoin:connect'].connect({ purposes: ['payment'] })
    const connected = new Promise((resolve) => btc.on('connect', resolve))
    messenger.emit('namespace.account', {
      namespace: 'bip122',
      status: 'connected',
      address: PAYMENT,
      caipNetworkId: bitcoin.caipNetworkId,
      connectorId: WALLET_ID,
      addresses: [
        { address: PAYMENT, purpose: 'payment' },
        { address: ORDINALS, purpose: 'ordinals' },
      ],
    })
    await connected
    expect(btc.getAccount().addresses).toHaveLength(2)
    expect((await btc.getAccountAddresses()).map((a) => a.purpose)).toEqual(['payment', 'ordinals'])
    const { address } = await btc.signMessage({ message: 'hi', address: ORDINALS })
    expect(address).toBe(ORDINALS)
    expect(calls.at(-1)!.feature).toBe('signMessage')
  })
})
