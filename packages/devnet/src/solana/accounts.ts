import {
  type Address,
  address,
  type EncodedAccount,
  getBase58Decoder,
  getBase64Decoder,
  type MaybeEncodedAccount,
  unwrapOption,
} from '@solana/kit'
import { AccountState, getMintDecoder, getTokenDecoder, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { invalidParams } from './errors.ts'

export const TOKEN_2022_PROGRAM_ADDRESS = address('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb')
export const TOKEN_PROGRAMS = [TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS] as const

/** A validator's rent epoch of every rent-exempt account (u64::MAX). */
const RENT_EXEMPT_EPOCH = 18_446_744_073_709_551_615n
const MINT_SIZE = 82
const TOKEN_ACCOUNT_SIZE = 165
/** Token-2022 accounts with extensions carry their type after the base token-account layout. */
const TOKEN_2022_ACCOUNT_TYPE = { mint: 1, account: 2 } as const

export const ACCOUNT_ENCODINGS = ['base58', 'base64', 'jsonParsed'] as const
export type AccountEncoding = (typeof ACCOUNT_ENCODINGS)[number]

export interface DataSlice {
  offset: number
  length: number
}

type ExistingAccount = EncodedAccount
type ReadAccount = (address: Address) => MaybeEncodedAccount

/** What a token program's account holds, when it is a mint or a token account. */
function splKind(account: ExistingAccount): 'mint' | 'account' | undefined {
  const size = account.data.length
  if (account.programAddress === TOKEN_PROGRAM_ADDRESS) {
    return size === MINT_SIZE ? 'mint' : size === TOKEN_ACCOUNT_SIZE ? 'account' : undefined
  }
  if (account.programAddress !== TOKEN_2022_PROGRAM_ADDRESS) return undefined
  if (size === MINT_SIZE) return 'mint'
  if (size === TOKEN_ACCOUNT_SIZE) return 'account'
  const type = account.data[TOKEN_ACCOUNT_SIZE]
  return type === TOKEN_2022_ACCOUNT_TYPE.mint
    ? 'mint'
    : type === TOKEN_2022_ACCOUNT_TYPE.account
      ? 'account'
      : undefined
}

/** `amount` in whole units as a decimal string ("1.5"), as a validator's `uiAmountString`. */
function uiAmountString(amount: bigint, decimals: number): string {
  const digits = amount.toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

export function tokenAmount(amount: bigint, decimals: number) {
  const ui = uiAmountString(amount, decimals)
  return { amount: amount.toString(), decimals, uiAmount: Number(ui), uiAmountString: ui }
}

const optionalAddress = (value: Parameters<typeof unwrapOption<Address>>[0]) => unwrapOption(value) ?? null

/** The `jsonParsed` form of an SPL mint or token account (the fields wallets read), or undefined. */
function parsedSpl(account: ExistingAccount, read: ReadAccount) {
  const kind = splKind(account)
  if (!kind) return undefined
  const program = account.programAddress === TOKEN_PROGRAM_ADDRESS ? 'spl-token' : 'spl-token-2022'
  if (kind === 'mint') {
    const mint = getMintDecoder().decode(account.data.subarray(0, MINT_SIZE))
    const info = {
      decimals: mint.decimals,
      freezeAuthority: optionalAddress(mint.freezeAuthority),
      isInitialized: mint.isInitialized,
      mintAuthority: optionalAddress(mint.mintAuthority),
      supply: mint.supply.toString(),
    }
    return { program, parsed: { type: 'mint', info }, space: account.data.length }
  }
  const token = getTokenDecoder().decode(account.data.subarray(0, TOKEN_ACCOUNT_SIZE))
  const mintAccount = read(token.mint)
  const decimals = mintAccount.exists
    ? getMintDecoder().decode(mintAccount.data.subarray(0, MINT_SIZE)).decimals
    : 0
  const delegate = optionalAddress(token.delegate)
  const closeAuthority = optionalAddress(token.closeAuthority)
  const info = {
    isNative: unwrapOption(token.isNative) !== null,
    mint: token.mint,
    owner: token.owner,
    state:
      token.state === AccountState.Frozen
        ? 'frozen'
        : token.state === AccountState.Initialized
          ? 'initialized'
          : 'uninitialized',
    tokenAmount: tokenAmount(token.amount, decimals),
    ...(delegate ? { delegate, delegatedAmount: tokenAmount(token.delegatedAmount, decimals) } : {}),
    ...(closeAuthority ? { closeAuthority } : {}),
  }
  return { program, parsed: { type: 'account', info }, space: account.data.length }
}

/** An account in the validator's JSON shape, for one of the encodings. */
export function accountJson(
  account: ExistingAccount,
  encoding: AccountEncoding,
  read: ReadAccount,
  dataSlice?: DataSlice,
) {
  const bytes = dataSlice
    ? account.data.subarray(dataSlice.offset, dataSlice.offset + dataSlice.length)
    : account.data
  const data =
    encoding === 'jsonParsed'
      ? (parsedSpl(account, read) ?? [getBase64Decoder().decode(bytes), 'base64'])
      : [
          encoding === 'base58' ? getBase58Decoder().decode(bytes) : getBase64Decoder().decode(bytes),
          encoding,
        ]
  return {
    data,
    executable: account.executable,
    lamports: account.lamports,
    owner: account.programAddress,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: account.data.length,
  }
}

/** The token accounts of `owner`, of one mint or of one token program (getTokenAccountsByOwner). */
export function tokenAccountsOf(
  list: (program: Address) => ExistingAccount[],
  owner: Address,
  filter: { mint: Address; mintProgram: Address | undefined } | { programId: Address },
): ExistingAccount[] {
  const program = 'programId' in filter ? filter.programId : filter.mintProgram
  if (!program) return []
  if (!(TOKEN_PROGRAMS as readonly string[]).includes(program))
    throw invalidParams(`unrecognized token program id ${program}`)
  return list(program).filter((account) => {
    if (splKind(account) !== 'account') return false
    const token = getTokenDecoder().decode(account.data.subarray(0, TOKEN_ACCOUNT_SIZE))
    return token.owner === owner && ('programId' in filter || token.mint === filter.mint)
  })
}
