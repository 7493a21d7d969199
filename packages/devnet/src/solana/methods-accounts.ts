import type { Address } from '@solana/kit'
import { accountJson, tokenAccountsOf, type tokenAmount } from './accounts.ts'
import type { LocalSolanaChain } from './chain.ts'
import { invalidParams } from './errors.ts'
import { Params } from './params.ts'
import type { MethodContext, Methods } from './rpc-types.ts'

/** How many accounts getMultipleAccounts takes at once (a validator's limit too). */
const MAX_MULTIPLE_ACCOUNTS = 100

function readAccount(chain: LocalSolanaChain, address: Address, params: Params) {
  const config = params.config(1)
  const account = chain.svm.getAccount(address)
  if (!account.exists) return null
  return accountJson(
    account,
    config.accountEncoding('base64'),
    (a) => chain.svm.getAccount(a),
    config.dataSlice(),
  )
}

/** Reads of balances and accounts, SPL token accounts included. */
export function accountMethods({ chain, context, airdrop }: MethodContext): Methods {
  const read = (address: Address) => chain.svm.getAccount(address)
  return {
    getBalance: (values) => {
      const params = new Params(values)
      const owner = params.address(0, 'pubkey')
      params.config(1)
      return { context: context(), value: chain.svm.getBalance(owner) ?? 0n }
    },
    getAccountInfo: (values) => {
      const params = new Params(values)
      return { context: context(), value: readAccount(chain, params.address(0, 'pubkey'), params) }
    },
    getMultipleAccounts: (values) => {
      const params = new Params(values)
      const addresses = params.array(0, 'pubkeys', MAX_MULTIPLE_ACCOUNTS)
      const value = addresses.map((_, i) =>
        readAccount(chain, new Params(addresses).address(i, `pubkeys[${i}]`), params),
      )
      return { context: context(), value }
    },
    getTokenAccountsByOwner: (values) => {
      const params = new Params(values)
      const owner = params.address(0, 'owner')
      const filter = (values[1] ?? {}) as Record<string, unknown>
      const by = new Params([filter.mint, filter.programId])
      const config = params.config(2)
      const encoding = config.accountEncoding('base64')
      let accounts: ReturnType<typeof tokenAccountsOf>
      if (filter.mint !== undefined) {
        const mint = by.address(0, 'mint')
        const mintAccount = read(mint)
        const mintProgram = mintAccount.exists ? mintAccount.programAddress : undefined
        accounts = tokenAccountsOf((p) => chain.svm.getProgramAccounts(p), owner, { mint, mintProgram })
      } else if (filter.programId !== undefined) {
        const programId = by.address(1, 'programId')
        accounts = tokenAccountsOf((p) => chain.svm.getProgramAccounts(p), owner, { programId })
      } else {
        throw invalidParams('the second parameter must be { mint } or { programId }')
      }
      const value = accounts.map((account) => ({
        pubkey: account.address,
        account: accountJson(account, encoding, read, config.dataSlice()),
      }))
      return { context: context(), value }
    },
    getTokenAccountBalance: (values) => {
      const params = new Params(values)
      const address = params.address(0, 'pubkey')
      params.config(1)
      const account = read(address)
      const parsed = account.exists ? accountJson(account, 'jsonParsed', read).data : undefined
      const info = (
        parsed as { parsed?: { type: string; info: { tokenAmount: ReturnType<typeof tokenAmount> } } }
      )?.parsed
      if (info?.type !== 'account') throw invalidParams(`${address} is not a token account`)
      return { context: context(), value: info.info.tokenAmount }
    },
    getMinimumBalanceForRentExemption: (values) => {
      const params = new Params(values)
      return chain.svm.minimumBalanceForRentExemption(
        values[0] === undefined ? 0n : params.integer(0, 'dataLength'),
      )
    },
    requestAirdrop: async (values) => {
      const params = new Params(values)
      const to = params.address(0, 'pubkey')
      const lamports = params.integer(1, 'lamports')
      params.config(2)
      if (lamports === 0n) throw invalidParams('lamports must be more than 0')
      return airdrop(to, lamports)
    },
  }
}
