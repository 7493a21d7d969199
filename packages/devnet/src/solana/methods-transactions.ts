import {
  type Address,
  getBase58Decoder,
  getBase64Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
} from '@solana/kit'
import type { RecordedTransaction } from './chain.ts'
import { invalidParams, RPC_ERROR_CODES, SolanaRpcError } from './errors.ts'
import { Params, wireTransaction } from './params.ts'
import type { MethodContext, Methods } from './rpc-types.ts'

/** A validator's limits on these lists. */
const MAX_SIGNATURE_STATUSES = 256
const MAX_SIGNATURES_FOR_ADDRESS = 1_000
const LAMPORTS_PER_SIGNATURE = 5_000n

const status = (tx: RecordedTransaction) => (tx.err === null ? { Ok: null } : { Err: tx.err })

/** The transaction in the `json` encoding (legacy and v0 messages). */
function transactionJson(tx: RecordedTransaction) {
  const { signatures } = getTransactionDecoder().decode(tx.wire)
  const { message } = tx
  if (message.version === 1)
    throw invalidParams('the json encoding does not support v1 transactions: use base64')
  return {
    signatures: Object.values(signatures).map((s) => (s ? getBase58Decoder().decode(s) : null)),
    message: {
      accountKeys: message.staticAccounts,
      header: message.header,
      recentBlockhash: message.lifetimeToken,
      instructions: message.instructions.map((instruction) => ({
        programIdIndex: instruction.programAddressIndex,
        accounts: instruction.accountIndices ?? [],
        data: getBase58Decoder().decode(instruction.data ?? new Uint8Array()),
        stackHeight: null,
      })),
      ...(message.version === 0
        ? {
            addressTableLookups: (message.addressTableLookups ?? []).map((lookup) => ({
              accountKey: lookup.lookupTableAddress,
              writableIndexes: lookup.writableIndexes,
              readonlyIndexes: lookup.readonlyIndexes,
            })),
          }
        : {}),
    },
  }
}

/** Sending, simulating and looking up transactions. */
export function transactionMethods({ chain, context }: MethodContext): Methods {
  return {
    sendTransaction: (values) => {
      const params = new Params(values)
      const config = params.config(1)
      config.integer('maxRetries')
      const minContextSlot = config.integer('minContextSlot')
      if (minContextSlot !== undefined && minContextSlot > chain.slot)
        throw new SolanaRpcError(
          RPC_ERROR_CODES.minContextSlotNotReached,
          'Minimum context slot has not been reached',
          {
            contextSlot: chain.slot,
          },
        )
      return chain.send(wireTransaction(params, config), {
        skipPreflight: config.boolean('skipPreflight') ?? false,
      })
    },
    simulateTransaction: (values) => {
      const params = new Params(values)
      const config = params.config(1)
      const sigVerify = config.boolean('sigVerify') ?? false
      const replaceRecentBlockhash = config.boolean('replaceRecentBlockhash') ?? false
      if (sigVerify && replaceRecentBlockhash)
        throw invalidParams('sigVerify may not be used with replaceRecentBlockhash')
      const accounts = config.values.accounts as { addresses?: unknown } | undefined
      const addresses =
        accounts === undefined ? [] : new Params([accounts.addresses]).array(0, 'accounts.addresses', 100)
      const wanted = addresses.map((_, i) => new Params(addresses).address(i, `accounts.addresses[${i}]`))
      const result = chain.simulate(wireTransaction(params, config), { sigVerify, replaceRecentBlockhash })
      return {
        context: context(),
        value: {
          err: result.err,
          logs: result.logs,
          accounts:
            accounts === undefined
              ? null
              : wanted.map((address) => {
                  const account = result.postAccounts.get(address)
                  if (!account) return null
                  return {
                    data: [getBase64Decoder().decode(account.data), 'base64'],
                    executable: account.executable,
                    lamports: account.lamports,
                    owner: account.programAddress,
                    rentEpoch: 18_446_744_073_709_551_615n,
                    space: account.data.length,
                  }
                }),
          unitsConsumed: result.unitsConsumed,
          returnData: result.returnData && {
            programId: result.returnData.programId,
            data: [getBase64Decoder().decode(result.returnData.data), 'base64'],
          },
          ...(replaceRecentBlockhash ? { replacementBlockhash: chain.latestBlockhash() } : {}),
        },
      }
    },
    getSignatureStatuses: (values) => {
      const params = new Params(values)
      const signatures = params.array(0, 'signatures', MAX_SIGNATURE_STATUSES)
      params.config(1)
      const value = signatures.map((_, i) => {
        const tx = chain.transaction(new Params(signatures).string(i, `signatures[${i}]`))
        if (!tx) return null
        // A single local validator: what landed is final.
        return {
          slot: tx.slot,
          confirmations: null,
          err: tx.err,
          status: status(tx),
          confirmationStatus: 'finalized',
        }
      })
      return { context: context(), value }
    },
    getTransaction: (values) => {
      const params = new Params(values)
      const signature = params.string(0, 'signature')
      const config = params.config(1)
      const encoding = config.oneOf('encoding', ['json', 'base58', 'base64'] as const) ?? 'json'
      const maxVersion = config.integer('maxSupportedTransactionVersion')
      const tx = chain.transaction(signature)
      if (!tx) return null
      const version = tx.message.version
      if (version !== 'legacy' && (maxVersion === undefined || BigInt(version) > maxVersion))
        throw new SolanaRpcError(
          RPC_ERROR_CODES.unsupportedTransactionVersion,
          `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`,
        )
      const transaction =
        encoding === 'json'
          ? transactionJson(tx)
          : [
              encoding === 'base64' ? getBase64Decoder().decode(tx.wire) : getBase58Decoder().decode(tx.wire),
              encoding,
            ]
      return {
        slot: tx.slot,
        blockTime: tx.blockTime,
        meta: {
          err: tx.err,
          status: status(tx),
          fee: tx.fee,
          preBalances: tx.preBalances,
          postBalances: tx.postBalances,
          innerInstructions: [],
          logMessages: tx.logs,
          preTokenBalances: [],
          postTokenBalances: [],
          rewards: [],
          loadedAddresses: { writable: [], readonly: [] },
          computeUnitsConsumed: tx.unitsConsumed,
        },
        transaction,
        ...(maxVersion !== undefined ? { version } : {}),
      }
    },
    getSignaturesForAddress: (values) => {
      const params = new Params(values)
      const address: Address = params.address(0, 'address')
      const config = params.config(1)
      const limit = Number(config.integer('limit') ?? BigInt(MAX_SIGNATURES_FOR_ADDRESS))
      if (limit < 1 || limit > MAX_SIGNATURES_FOR_ADDRESS)
        throw invalidParams(`limit must be between 1 and ${MAX_SIGNATURES_FOR_ADDRESS}`)
      let list = chain.transactions()
      const before = config.values.before
      if (typeof before === 'string') list = list.slice(list.findIndex((tx) => tx.signature === before) + 1)
      const until = list.findIndex((tx) => tx.signature === config.values.until)
      if (until >= 0) list = list.slice(0, until)
      return list
        .filter((tx) => tx.message.staticAccounts.includes(address))
        .slice(0, limit)
        .map((tx) => ({
          signature: tx.signature,
          slot: tx.slot,
          err: tx.err,
          memo: null,
          blockTime: tx.blockTime,
          confirmationStatus: 'finalized',
        }))
    },
    getFeeForMessage: (values) => {
      const params = new Params(values)
      const encoded = params.string(0, 'message')
      params.config(1)
      let message: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>
      try {
        message = getCompiledTransactionMessageDecoder().decode(getBase64Encoder().encode(encoded))
      } catch {
        throw invalidParams('message must be a base64 transaction message')
      }
      const value = chain.isBlockhashValid(message.lifetimeToken)
        ? LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts)
        : null
      return { context: context(), value }
    },
  }
}
