import { createHash } from 'node:crypto'
import type { Database } from '@walletframe/db'
import type { WalletBadgeType } from '@walletframe/protocol'

/**
 * The generated wallet catalogue: ≥ 300 fictional wallets, the same on every machine and run, so
 * tests, screenshots and benchmarks see the same list. Names are invented word pairs (no real
 * product's name), web links use the reserved `.example` top-level domain (RFC 2606), so nothing
 * here points at a real company.
 */

/** Bump when the generator changes: a new version inserts the wallets the database lacks. */
export const SEED_VERSION = 1
export const SEED_WALLET_COUNT = 320
/** Any fixed number: changing it reshuffles names, chains, links and ranks. */
const PRNG_SEED = 0x57_46_52_47 // "WFRG"

export interface RegistryWallet {
  id: string
  name: string
  image_id: string
  rdns: string | null
  chains: string[]
  mobile_link: string | null
  desktop_link: string | null
  webapp_link: string | null
  badge_type: WalletBadgeType
  /** 1 = most popular. */
  rank: number
}

export const SOLANA_MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
export const SOLANA_DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const EVM_OPTIONAL_CHAINS = ['eip155:10', 'eip155:137', 'eip155:8453', 'eip155:42161']
/**
 * The local devnet's two chains (packages/stack). Most generated wallets list them, so the modal
 * run against the devnet has a full AllWallets view when it filters by its networks.
 */
const DEVNET_CHAINS = ['eip155:31337', 'eip155:31338']

// Words checked against the names of wallets, custody firms and crypto protocols we know of;
// anything close to one (Beacon, Compass, Anchor, Kiln, Copper…) was left out.
const FIRST_WORDS = [
  'Harbor',
  'Lumen',
  'Cobalt',
  'Meridian',
  'Kestrel',
  'Heron',
  'Saffron',
  'Thistle',
  'Basalt',
  'Cinder',
  'Glade',
  'Birch',
  'Alder',
  'Quarry',
  'Russet',
  'Sable',
  'Umber',
  'Vellum',
  'Willow',
  'Yarrow',
  'Cairn',
  'Fathom',
  'Garnet',
  'Loam',
  'Slate',
  'Tern',
  'Wren',
  'Fennel',
  'Marigold',
  'Bramble',
  'Hollow',
  'Tundra',
  'Cedar',
  'Granite',
  'Ochre',
  'Sorrel',
  'Tamarack',
  'Larch',
  'Periwinkle',
  'Brook',
  'Canyon',
  'Estuary',
  'Fjord',
  'Prairie',
  'Meadow',
  'Ridge',
  'Hearth',
  'Bracken',
  'Dunlin',
  'Egret',
  'Fescue',
  'Gorse',
  'Heath',
  'Jetty',
  'Lichen',
  'Mallow',
  'Nettle',
  'Plover',
  'Rowan',
  'Sedge',
]
const SECOND_WORDS = [
  'Wallet',
  'Vault',
  'Keys',
  'Pocket',
  'Purse',
  'Coffer',
  'Keep',
  'Pouch',
  'Satchel',
  'Folio',
]

/** mulberry32: tiny, fast and good enough to pick fixture values; never for anything secret. */
function prng(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[copy[i], copy[j]] = [copy[j]!, copy[i]!]
  }
  return copy
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/**
 * Ids hash the wallet's slug rather than coming from the PRNG, so a wallet keeps its id (and the
 * modal's featured/excluded lists stay valid) when the generator later adds or reorders wallets.
 */
export function walletIdFor(slug: string): string {
  return sha256(`walletframe-registry/wallet/${slug}`)
}

/** A UUID (version 4 layout) derived from the slug: stable, and a different space than wallet ids. */
export function imageIdFor(slug: string, imageVersion = 1): string {
  const hex = sha256(`walletframe-registry/image/${slug}/${imageVersion}`)
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

export function generateWallets(count = SEED_WALLET_COUNT): RegistryWallet[] {
  const random = prng(PRNG_SEED)
  const pairs = FIRST_WORDS.flatMap((first) => SECOND_WORDS.map((second) => `${first} ${second}`))
  if (count > pairs.length) throw new RangeError(`the generator can name at most ${pairs.length} wallets`)
  const names = shuffle(pairs, random).slice(0, count)
  const ranks = shuffle(
    names.map((_, index) => index + 1),
    random,
  )
  const chance = (p: number) => random() < p

  return names.map((name, index) => {
    const slug = name.toLowerCase().replace(/[^a-z0-9]/g, '')
    const domain = `${slug}.example`

    const chains: string[] = []
    const kind = random()
    const solanaOnly = kind < 0.08
    if (!solanaOnly) {
      chains.push('eip155:1')
      for (const chain of EVM_OPTIONAL_CHAINS) if (chance(0.55)) chains.push(chain)
      if (chance(0.75)) chains.push(...DEVNET_CHAINS)
    }
    if (solanaOnly || kind < 0.25) {
      chains.push(SOLANA_MAINNET)
      if (chance(0.4)) chains.push(SOLANA_DEVNET)
    }

    const mobileKind = random()
    let mobile_link = mobileKind < 0.65 ? `${slug}://` : mobileKind < 0.85 ? `https://link.${domain}/` : null
    const desktop_link = chance(0.3) ? `${slug}-desktop://` : null
    const webapp_link = chance(0.35) ? `https://app.${domain}/` : null
    // Mobile-only wallets often publish no rdns: they never announce themselves in a browser.
    const rdns = chance(0.78) ? `example.${slug}` : null
    // Every wallet needs at least one way to be reached from the modal.
    if (!mobile_link && !desktop_link && !webapp_link && !rdns) mobile_link = `${slug}://`

    return {
      id: walletIdFor(slug),
      name,
      image_id: imageIdFor(slug),
      rdns,
      chains,
      mobile_link,
      desktop_link,
      webapp_link,
      badge_type: chance(0.2) ? 'certified' : 'none',
      rank: ranks[index]!,
    }
  })
}

/**
 * Inserts the generated wallets once per seed version; returns whether this call did it. The
 * version row is claimed in the same transaction: a second API process starting on the same
 * Postgres waits for the first to commit, then finds the row and skips. Existing wallets are left
 * as they are (an operator's edits win), and a deleted wallet is not re-added by a restart.
 */
export async function seedRegistry(
  db: Database,
  wallets: readonly RegistryWallet[] = generateWallets(),
  version = SEED_VERSION,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx.query(
      'INSERT INTO registry_seeds (version, wallets) VALUES ($1, $2) ON CONFLICT (version) DO NOTHING RETURNING version',
      [version, wallets.length],
    )
    if (claimed.length === 0) return false
    // One statement for the whole list: PGlite runs one query at a time, and 320 round trips
    // would hold the first request for no reason.
    await tx.query(
      `INSERT INTO registry_wallets
         (id, name, image_id, rdns, chains, mobile_link, desktop_link, webapp_link, badge_type, rank)
       SELECT id, name, image_id, rdns, chains, mobile_link, desktop_link, webapp_link, badge_type, rank
         FROM jsonb_to_recordset($1::jsonb) AS w(
           id text, name text, image_id text, rdns text, chains text[], mobile_link text,
           desktop_link text, webapp_link text, badge_type text, rank integer)
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(wallets)],
    )
    return true
  })
}
