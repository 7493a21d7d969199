/**
 * The host page of e2e/tests/solana-kit.spec.ts, bundled by ../solana-site.ts: a dapp that drives
 * `getProvider('solana')` with a @solana/kit client (transactions built as kit builds them, wire
 * bytes in), beside the page's own Wallet Standard test wallet (a real ed25519 key).
 */
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { createWalletFrame, type WalletFrameOptions } from '@walletframe/sdk'
import { solanaLocalnet } from '@walletframe/sdk/networks'
import { solanaAdapter } from '@walletframe/sdk/solana'
import { createSolanaTestWallet, registerTestWallet } from '@walletframe/testing/solana-wallet'

export interface SolanaPageConfig {
  projectId: string
  modalUrl: string
  evmNetworks: WalletFrameOptions['networks']
  solanaRpcUrl: string
  /** The test wallet's ed25519 seed. */
  seed: number[]
}

const config = (window as unknown as { __SOLANA_PAGE__: SolanaPageConfig }).__SOLANA_PAGE__
const test = createSolanaTestWallet({
  seed: Uint8Array.from(config.seed),
  rpcUrls: { 'solana:localnet': config.solanaRpcUrl },
})
registerTestWallet(window, test.wallet)

const localnet = { ...solanaLocalnet, rpcUrls: { default: { http: [config.solanaRpcUrl] } } }
const wf = createWalletFrame({
  projectId: config.projectId,
  modalUrl: config.modalUrl,
  networks: [...config.evmNetworks, localnet],
  adapters: [solanaAdapter()],
})
const solana = wf.getProvider('solana')
const rpc = createSolanaRpc(config.solanaRpcUrl)

Object.assign(window, {
  solanaPage: {
    walletAddress: test.address,
    connect: async () => (await solana.connect({ walletId: 'wallet-standard:Test Solana Wallet' })).publicKey,
    /** The adapter's connect without a wallet: the modal lists the page's Solana wallets (solana.spec.ts). */
    connectInModal: async () => (await solana.connect()).publicKey,
    /** The signature's bytes, for the test to verify. */
    signMessage: async (text: string) => [...(await solana.signMessage(new TextEncoder().encode(text)))],
    /** A SOL transfer built with kit, signed and sent through the provider: its signature (base58). */
    async transfer(to: string, amount: string) {
      const { value: blockhash } = await rpc.getLatestBlockhash().send()
      const payer = createNoopSigner(address(solana.publicKey!))
      const message = pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(payer, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
        (m) =>
          appendTransactionMessageInstructions(
            [
              getTransferSolInstruction({
                source: payer,
                destination: address(to),
                amount: lamports(BigInt(amount)),
              }),
            ],
            m,
          ),
      )
      const wire = getTransactionEncoder().encode(compileTransaction(message))
      return solana.signAndSendTransaction(new Uint8Array(wire), { preflightCommitment: 'confirmed' })
    },
    balance: async (owner: string) => String((await rpc.getBalance(address(owner)).send()).value),
  },
})
