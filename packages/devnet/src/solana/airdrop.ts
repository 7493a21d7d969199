import {
  type Address,
  appendTransactionMessageInstruction,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import type { LocalSolanaChain } from './chain.ts'

/**
 * `requestAirdrop` as an ordinary transfer from the faucet, so the airdrop has a signature that
 * getSignatureStatuses and getTransaction know, like on a test validator.
 */
export async function airdropFrom(
  chain: LocalSolanaChain,
  faucet: KeyPairSigner,
  to: Address,
  amount: bigint,
): Promise<string> {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(faucet, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(chain.latestBlockhash(), m),
    (m) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({ source: faucet, destination: to, amount: lamports(amount) }),
        m,
      ),
  )
  const signed = await signTransactionMessageWithSigners(message)
  const wire = new Uint8Array(getBase64Encoder().encode(getBase64EncodedWireTransaction(signed)))
  return chain.send(wire, { skipPreflight: false })
}
