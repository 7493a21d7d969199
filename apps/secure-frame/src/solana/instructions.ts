/**
 * One instruction as the approval shows it (issue 15): the programs a wallet transfer, a token
 * transfer or a fee setting uses are read field by field (System, SPL Token and Token-2022,
 * Associated Token Account, Compute Budget, Memo); any other program is named by its id with the
 * size of its data, since only the program knows what its bytes mean.
 */
import { formatUnits } from 'viem'
import { printableText } from '../text/printable-text.ts'
import type { CompiledInstruction, SolanaMessage } from './wire.ts'

export const SOL_DECIMALS = 9
export const PROGRAMS = {
  system: '11111111111111111111111111111111',
  token: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  token2022: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
  associatedToken: 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL',
  computeBudget: 'ComputeBudget111111111111111111111111111111',
  memo: 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
} as const

export interface InstructionField {
  label: string
  value: string
}

export interface InstructionDescription {
  /** The program's id (base58). */
  program: string
  /** A known program's name; absent for any other. */
  programName?: string
  /** One line: what the instruction does. */
  summary: string
  fields: InstructionField[]
}

/** Reads an instruction's data; undefined when it is too short (the program would refuse it). */
class Data {
  readonly view: DataView
  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  }
  u8 = (offset: number) => (offset < this.bytes.length ? this.bytes[offset] : undefined)
  u32 = (offset: number) => (offset + 4 <= this.bytes.length ? this.view.getUint32(offset, true) : undefined)
  u64 = (offset: number) =>
    offset + 8 <= this.bytes.length ? this.view.getBigUint64(offset, true) : undefined
}

export const formatSol = (lamports: bigint) => `${formatUnits(lamports, SOL_DECIMALS)} SOL`

/** The account at `index` of the message: a static key, or a lookup-table entry it cannot resolve. */
export function accountAt(message: SolanaMessage, index: number): string {
  if (index < message.staticAccounts.length) return message.staticAccounts[index]!
  let rest = index - message.staticAccounts.length
  // Loaded accounts are ordered: every table's writable entries, then every table's read-only ones.
  for (const kind of ['writableIndexes', 'readonlyIndexes'] as const)
    for (const lookup of message.lookups) {
      if (rest < lookup[kind].length) return `entry ${lookup[kind][rest]} of lookup table ${lookup.table}`
      rest -= lookup[kind].length
    }
  return `account #${index}`
}

const SYSTEM_NAMES = [
  'Create account',
  'Assign',
  'Transfer',
  'Create account with seed',
  'Advance nonce account',
  'Withdraw nonce account',
  'Initialize nonce account',
  'Authorize nonce account',
  'Allocate',
  'Allocate with seed',
  'Assign with seed',
  'Transfer with seed',
  'Upgrade nonce account',
]

const TOKEN_NAMES: Record<number, string> = {
  0: 'Initialize mint',
  1: 'Initialize account',
  2: 'Initialize multisig',
  3: 'Transfer',
  4: 'Approve',
  5: 'Revoke',
  6: 'Set authority',
  7: 'Mint to',
  8: 'Burn',
  9: 'Close account',
  10: 'Freeze account',
  11: 'Thaw account',
  12: 'Transfer (checked)',
  13: 'Approve (checked)',
  14: 'Mint to (checked)',
  15: 'Burn (checked)',
  16: 'Initialize account',
  17: 'Sync native',
  18: 'Initialize account',
}

type Describe = (data: Data, account: (position: number) => string) => Omit<InstructionDescription, 'program'>

const other = (programName: string, name: string | undefined, data: Data) => ({
  programName,
  summary: name ?? `Unknown ${programName} instruction`,
  fields: [{ label: 'Data', value: `${data.bytes.length} bytes` }],
})

const describeSystem: Describe = (data, account) => {
  const kind = data.u32(0)
  const lamports = data.u64(4)
  if (kind === 2 && lamports !== undefined)
    return {
      programName: 'System',
      summary: `Send ${formatSol(lamports)} to ${account(1)}`,
      fields: [
        { label: 'From', value: account(0) },
        { label: 'To', value: account(1) },
        { label: 'Amount', value: formatSol(lamports) },
      ],
    }
  const space = data.u64(12)
  if (kind === 0 && lamports !== undefined && space !== undefined && data.bytes.length >= 52)
    return {
      programName: 'System',
      summary: `Create account ${account(1)} with ${formatSol(lamports)}`,
      fields: [
        { label: 'Paid by', value: account(0) },
        { label: 'Space', value: `${space} bytes` },
      ],
    }
  return other('System', kind === undefined ? undefined : SYSTEM_NAMES[kind], data)
}

const describeToken: Describe = (data, account) => {
  const kind = data.u8(0)
  const amount = data.u64(1)
  const decimals = data.u8(9)
  if (kind === 3 && amount !== undefined)
    return {
      programName: 'Token',
      summary: `Transfer ${amount} token units`,
      fields: [
        { label: 'From token account', value: account(0) },
        { label: 'To token account', value: account(1) },
        { label: 'Owner', value: account(2) },
        { label: 'Amount', value: `${amount} (smallest units; this instruction names no mint)` },
      ],
    }
  if ((kind === 12 || kind === 13) && amount !== undefined && decimals !== undefined) {
    const formatted = formatUnits(amount, decimals)
    const transfer = kind === 12
    return {
      programName: 'Token',
      summary: transfer
        ? `Transfer ${formatted} of mint ${account(1)}`
        : `Allow ${account(2)} to spend ${formatted} of mint ${account(1)}`,
      fields: [
        { label: 'From token account', value: account(0) },
        { label: 'Mint', value: account(1) },
        { label: transfer ? 'To token account' : 'Delegate', value: account(2) },
        { label: 'Owner', value: account(3) },
        { label: 'Amount', value: `${formatted} (${decimals} decimals)` },
      ],
    }
  }
  if (kind === 4 && amount !== undefined)
    return {
      programName: 'Token',
      summary: `Allow ${account(1)} to spend ${amount} token units`,
      fields: [
        { label: 'Token account', value: account(0) },
        { label: 'Delegate', value: account(1) },
        { label: 'Amount', value: `${amount} (smallest units; this instruction names no mint)` },
      ],
    }
  if (kind === 9)
    return {
      programName: 'Token',
      summary: `Close token account ${account(0)}`,
      fields: [{ label: 'Rent goes to', value: account(1) }],
    }
  return other('Token', kind === undefined ? undefined : TOKEN_NAMES[kind], data)
}

const describeAssociatedToken: Describe = (data, account) => {
  const kind = data.u8(0) ?? 0
  if (kind > 1) return other('Associated Token Account', kind === 2 ? 'Recover nested' : undefined, data)
  return {
    programName: 'Associated Token Account',
    summary: `Create the token account of ${account(2)} for mint ${account(3)}${kind === 1 ? ' (if missing)' : ''}`,
    fields: [
      { label: 'Token account', value: account(1) },
      { label: 'Paid by', value: account(0) },
    ],
  }
}

const describeComputeBudget: Describe = (data) => {
  const kind = data.u8(0)
  const units = data.u32(1)
  const price = data.u64(1)
  if (kind === 2 && units !== undefined)
    return { programName: 'Compute Budget', summary: `Set compute unit limit: ${units}`, fields: [] }
  if (kind === 3 && price !== undefined)
    return {
      programName: 'Compute Budget',
      summary: `Set priority fee: ${price} micro-lamports per compute unit`,
      fields: [],
    }
  if (kind === 1 && units !== undefined)
    return { programName: 'Compute Budget', summary: `Request heap frame: ${units} bytes`, fields: [] }
  if (kind === 4 && units !== undefined)
    return { programName: 'Compute Budget', summary: `Limit loaded account data: ${units} bytes`, fields: [] }
  return other('Compute Budget', undefined, data)
}

const describeMemo: Describe = (data) => {
  const text = printableText(data.bytes)
  return {
    programName: 'Memo',
    summary: text === undefined ? `Memo of ${data.bytes.length} bytes` : `Memo: ${text}`,
    fields: [],
  }
}

const DESCRIBERS: Record<string, Describe> = {
  [PROGRAMS.system]: describeSystem,
  [PROGRAMS.token]: describeToken,
  [PROGRAMS.token2022]: (data, account) => ({ ...describeToken(data, account), programName: 'Token-2022' }),
  [PROGRAMS.associatedToken]: describeAssociatedToken,
  [PROGRAMS.computeBudget]: describeComputeBudget,
  [PROGRAMS.memo]: describeMemo,
}

export function describeInstruction(
  message: SolanaMessage,
  instruction: CompiledInstruction,
): InstructionDescription {
  const program = message.staticAccounts[instruction.programIdIndex]!
  const data = new Data(instruction.data)
  const account = (position: number) => {
    const index = instruction.accountIndexes[position]
    return index === undefined ? '(missing account)' : accountAt(message, index)
  }
  const describe = DESCRIBERS[program]
  if (describe) return { program, ...describe(data, account) }
  return {
    program,
    summary: `Call program ${program}`,
    fields: [
      { label: 'Accounts', value: String(instruction.accountIndexes.length) },
      { label: 'Data', value: `${instruction.data.length} bytes` },
    ],
  }
}
