import { type Address, lamports } from '@solana/kit'
import {
  AccountState,
  findAssociatedTokenPda,
  getMintEncoder,
  getTokenEncoder,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import type { LocalSolanaChain } from './chain.ts'
import { solanaDevnetKeys, solanaFaucetKey, solanaFixtureMintKey } from './keys.ts'

const LAMPORTS_PER_SOL = 1_000_000_000n
/** SOL each test key holds at start. */
export const SOLANA_DEVNET_FUNDING_SOL = 1_000n
/** What the faucet holds for `requestAirdrop`. */
const FAUCET_SOL = 1_000_000_000n

/** The fixture SPL token: its metadata, as the data API's configuration names it. */
export const SOLANA_FIXTURE_TOKEN = { name: 'Devnet USD', symbol: 'dUSD', decimals: 6 } as const
/**
 * The fixture addresses, derived from fixed seeds (keys.ts) and written here so that other code and
 * the docs can name them without deriving; rpc.test.ts fails if they ever drift apart.
 */
export const SOLANA_FIXTURE_ADDRESSES = {
  mint: '5EsYdZvscdd4Qfz1udZVR1EyFXqYsRwpZqL4mVDL7Twp',
  keys: [
    '8cBjZuerbjBhfVvKGqAMHi8gg8eBSUbwhsyRBDNczoyZ',
    '7STHpSrNgzs8CYaNLGS4ovMrHFF2CSQkMSmhmYBn3tPE',
    '4AcC92NkcwUajo5ykcMxGHFimjZDgQjpnNkXe5932pxv',
    '8MUXK4NfX74iJCQgCHbEgXwpYecGNaZfE8fvNEZaRpWC',
  ],
  faucet: 'Fh6Q73nuTcDs9pr2KXaE1FmNwDnh5WbUFdYxCANk7qQV',
} as const

/** dUSD each test key holds at start (whole tokens). */
export const SOLANA_FIXTURE_TOKEN_BALANCE = 1_000n

export interface SolanaFixtures {
  /** The funded test keys, in the order of `solanaDevnetKeys()`. */
  accounts: Array<{ address: Address; privateKey: Uint8Array; tokenAccount: Address }>
  token: typeof SOLANA_FIXTURE_TOKEN & { mint: Address; programId: Address; mintAuthority: Address }
  faucet: Address
}

/**
 * Funds the test keys with SOL, creates the dUSD mint (mint authority: key #0) and gives each key an
 * associated token account holding SOLANA_FIXTURE_TOKEN_BALANCE dUSD. Written straight into the
 * accounts (no transactions), so the chain starts at slot 1 with an empty history.
 */
export async function installSolanaFixtures(chain: LocalSolanaChain): Promise<SolanaFixtures> {
  const [keys, mintKey, faucet] = await Promise.all([
    solanaDevnetKeys(),
    solanaFixtureMintKey(),
    solanaFaucetKey(),
  ])
  const mint = mintKey.address
  const mintAuthority = keys[0]!.address
  const units = SOLANA_FIXTURE_TOKEN_BALANCE * 10n ** BigInt(SOLANA_FIXTURE_TOKEN.decimals)
  chain.fund(faucet.address, FAUCET_SOL * LAMPORTS_PER_SOL)

  const mintData = getMintEncoder().encode({
    mintAuthority,
    supply: units * BigInt(keys.length),
    decimals: SOLANA_FIXTURE_TOKEN.decimals,
    isInitialized: true,
    freezeAuthority: null,
  })
  write(chain, mint, TOKEN_PROGRAM_ADDRESS, new Uint8Array(mintData))

  const accounts = await Promise.all(
    keys.map(async (key) => {
      chain.fund(key.address, SOLANA_DEVNET_FUNDING_SOL * LAMPORTS_PER_SOL)
      const [tokenAccount] = await findAssociatedTokenPda({
        owner: key.address,
        mint,
        tokenProgram: TOKEN_PROGRAM_ADDRESS,
      })
      const data = getTokenEncoder().encode({
        mint,
        owner: key.address,
        amount: units,
        delegate: null,
        state: AccountState.Initialized,
        isNative: null,
        delegatedAmount: 0n,
        closeAuthority: null,
      })
      write(chain, tokenAccount, TOKEN_PROGRAM_ADDRESS, new Uint8Array(data))
      return { address: key.address, privateKey: key.privateKey, tokenAccount }
    }),
  )
  return {
    accounts,
    token: { ...SOLANA_FIXTURE_TOKEN, mint, programId: TOKEN_PROGRAM_ADDRESS, mintAuthority },
    faucet: faucet.address,
  }
}

/** A rent-exempt account of `program` holding `data`. */
function write(chain: LocalSolanaChain, address: Address, program: Address, data: Uint8Array): void {
  chain.svm.setAccount({
    address,
    lamports: lamports(chain.svm.minimumBalanceForRentExemption(BigInt(data.length))),
    programAddress: program,
    data,
    executable: false,
    space: BigInt(data.length),
  })
}
