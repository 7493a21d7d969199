/**
 * A Solana transfer as the wallet signs and sends it (issue 15, spec §5): SOL through the System
 * program, an SPL token through `transferChecked` (the receiver's associated token account created
 * first when it is missing), on a recent blockhash of the network's RPC. Built with @solana/kit,
 * unsigned: the connection's wallet signs it (`solana_signAndSendTransaction`). Its own chunk.
 */

import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  type Instruction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
} from '@solana-program/token'

export interface SolanaTransfer {
  rpcUrl: string
  from: string
  to: string
  /** In the token's smallest unit (lamports for SOL). */
  amount: bigint
  /** An SPL token: its mint and decimals; SOL when absent. */
  token?: { mint: string; decimals: number }
}

/** The transfer as a base64 wire transaction, without signatures. */
export async function buildSolanaTransfer(transfer: SolanaTransfer): Promise<string> {
  const rpc = createSolanaRpc(transfer.rpcUrl)
  const owner = createNoopSigner(address(transfer.from))
  const to = address(transfer.to)
  const instructions: Instruction[] = []
  if (!transfer.token) {
    instructions.push(getTransferSolInstruction({ source: owner, destination: to, amount: transfer.amount }))
  } else {
    const mint = address(transfer.token.mint)
    // The mint's owner is its token program (Token or Token-2022): both take the same instructions.
    const mintAccount = await rpc.getAccountInfo(mint, { encoding: 'base64' }).send()
    if (!mintAccount.value) throw new Error(`no mint account ${mint}`)
    const tokenProgram = mintAccount.value.owner
    const [source] = await findAssociatedTokenPda({ owner: owner.address, mint, tokenProgram })
    const [destination] = await findAssociatedTokenPda({ owner: to, mint, tokenProgram })
    const existing = await rpc.getAccountInfo(destination, { encoding: 'base64' }).send()
    if (!existing.value)
      instructions.push(
        getCreateAssociatedTokenIdempotentInstruction({
          payer: owner,
          ata: destination,
          owner: to,
          mint,
          tokenProgram,
        }),
      )
    instructions.push(
      getTransferCheckedInstruction(
        {
          source,
          mint,
          destination,
          authority: owner,
          amount: transfer.amount,
          decimals: transfer.token.decimals,
        },
        { programAddress: tokenProgram },
      ),
    )
  }
  const { value: blockhash } = await rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(owner, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  return getBase64EncodedWireTransaction(compileTransaction(message))
}
