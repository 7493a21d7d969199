/**
 * What the host page keeps, and the properties it must have (ARCHITECTURE.md): the SDK stores only
 * under `@walletframe/`, and the user's keys, key shares and login tokens never reach the page.
 *
 * One exception is by design: the WalletConnect session store (`@walletframe/wc@2:…`, written by
 * the modal through the SDK) is the dapp's own session with the wallet. It holds sign-client's
 * keychain: the symmetric keys of the pairing and session topics and the client's ed25519 seed,
 * each a 64-hex string. Those are the dapp's keys, so 64-hex strings are allowed there and only
 * there. No entry anywhere may hold a wallet's private key, a JWT (relay auth or a login token),
 * or text shaped like a mnemonic.
 */
import type { BrowserContext, Page } from '@playwright/test'
import { devnetAccounts } from '@walletframe/devnet'
import { STORAGE_PREFIX } from '@walletframe/protocol'
import { TEST_WALLET_GRANT_KEY } from '../test-wallet/types.ts'

const PREFIX = `${STORAGE_PREFIX}/`
const WALLETCONNECT_STORE = `${PREFIX}wc@2:`

const SECRETS: Array<{ name: string; pattern: RegExp; allowedInWalletConnectStore: boolean }> = [
  {
    name: 'a 64-hex key',
    pattern: /(?<![0-9a-f])(0x)?[0-9a-f]{64}(?![0-9a-f])/i,
    allowedInWalletConnectStore: true,
  },
  { name: 'a JWT', pattern: /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/, allowedInWalletConnectStore: false },
  {
    name: 'mnemonic-like text',
    pattern: /\b([a-z]{3,8} ){11,}[a-z]{3,8}\b/,
    allowedInWalletConnectStore: false,
  },
]

export interface HostEntry {
  where: 'localStorage' | 'sessionStorage' | 'cookie' | 'indexedDB'
  key: string
  value: string
}

/** Everything the host page's origin stores: both web storages, its cookies, its IndexedDB names. */
export async function hostStorage(page: Page, context: BrowserContext): Promise<HostEntry[]> {
  const inPage = await page.evaluate(async () => {
    const entries = (storage: Storage) => Object.entries({ ...storage }) as Array<[string, string]>
    const databases = await indexedDB.databases()
    return {
      localStorage: entries(localStorage),
      sessionStorage: entries(sessionStorage),
      indexedDB: databases.map((database): [string, string] => [database.name ?? '', '']),
    }
  })
  const cookies = await context.cookies(page.url())
  return [
    ...inPage.localStorage
      .filter(([key]) => key !== TEST_WALLET_GRANT_KEY)
      .map(([key, value]) => ({ where: 'localStorage' as const, key, value })),
    ...inPage.sessionStorage.map(([key, value]) => ({ where: 'sessionStorage' as const, key, value })),
    ...inPage.indexedDB.map(([key, value]) => ({ where: 'indexedDB' as const, key, value })),
    ...cookies.map(({ name, value }) => ({ where: 'cookie' as const, key: name, value })),
  ]
}

/** Each way the host page's storage breaks the rules above; empty when it keeps them. */
export function hostStorageProblems(entries: HostEntry[]): string[] {
  const privateKeys = devnetAccounts().map((account) => account.privateKey.slice(2).toLowerCase())
  const problems: string[] = []
  for (const { where, key, value } of entries) {
    const at = `${where} ${key}`
    if (where === 'localStorage' && !key.startsWith(PREFIX)) problems.push(`${at}: outside ${PREFIX}`)
    const text = `${key}\n${value}`
    if (privateKeys.some((privateKey) => text.toLowerCase().includes(privateKey)))
      problems.push(`${at}: holds a wallet's private key`)
    const walletConnectStore = where === 'localStorage' && key.startsWith(WALLETCONNECT_STORE)
    for (const secret of SECRETS)
      if (secret.pattern.test(text) && !(walletConnectStore && secret.allowedInWalletConnectStore))
        problems.push(`${at}: holds ${secret.name}`)
  }
  return problems
}
