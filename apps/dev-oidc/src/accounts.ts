/**
 * The dev provider's test users. Each stand-in provider has its own listed users (Alice and Bob,
 * with addresses of their own), and anyone may sign in as another user by name, whose address is
 * `{name}@example.com` at every provider, so the same person can be met at two providers. Subjects
 * are numbers derived from provider and name: stable across restarts, distinct per provider.
 */
import { createHash } from 'node:crypto'

export const DEV_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type DevProvider = (typeof DEV_PROVIDERS)[number]

export const PROVIDER_LABELS: Record<DevProvider, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
}

export interface DevAccount {
  /** The subject: digits, as GitHub, X, Discord and Facebook ids are. */
  id: string
  provider: DevProvider
  /** The login name (GitHub login, X handle, Discord username). */
  username: string
  name: string
  email: string
}

/** A user name typed on the login page: lower-case letters, digits, dots, dashes, underscores. */
export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{0,31}$/

const LISTED = [
  { username: 'alice', name: 'Alice' },
  { username: 'bob', name: 'Bob' },
] as const

function subject(provider: DevProvider, username: string): string {
  const digest = createHash('sha256').update(`${provider}:${username}`).digest()
  // 15 digits from the first 6 bytes; never starts with 0.
  return String(100_000_000_000_000 + (digest.readUIntBE(0, 6) % 900_000_000_000_000))
}

export function account(
  provider: DevProvider,
  username: string,
  name = username,
  email?: string,
): DevAccount {
  return {
    id: subject(provider, username),
    provider,
    username,
    name,
    email: email ?? `${username}@example.com`,
  }
}

/** The listed users of a provider: `alice.{provider}@example.com`, `bob.{provider}@example.com`. */
export const listedAccounts = (provider: DevProvider): DevAccount[] =>
  LISTED.map((user) =>
    account(provider, user.username, user.name, `${user.username}.${provider}@example.com`),
  )

/** Every account a login made or that is listed, by subject. */
export class AccountBook {
  readonly #byId = new Map<string, DevAccount>()

  constructor() {
    for (const provider of DEV_PROVIDERS) for (const entry of listedAccounts(provider)) this.add(entry)
  }

  add(entry: DevAccount): DevAccount {
    const known = this.#byId.get(entry.id)
    if (known) return known
    this.#byId.set(entry.id, entry)
    return entry
  }

  get(id: string): DevAccount | undefined {
    return this.#byId.get(id)
  }

  /** The listed user of that name, or a new one typed on the page. */
  signIn(provider: DevProvider, username: string): DevAccount {
    const listed = listedAccounts(provider).find((entry) => entry.username === username)
    return this.add(listed ?? account(provider, username))
  }
}
