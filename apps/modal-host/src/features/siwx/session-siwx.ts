/**
 * Wallet sign-in (spec §4 "Wallet sign-in", §3 sign-in message fields; issue 12 point 1):
 * 1. After a connection on a configured network with no session for that account and chain, the
 *    router opens SIWXSignMessage (router facts from `siwx` state: app/router-sync.ts).
 * 2. `signIn`: a nonce from the data API, the EIP-4361 message written with the host's real origin
 *    (seen at the handshake, never the page's claim), `personal_sign` by the connected wallet, the
 *    session created and verified by the API; it is kept in the host page, the dapp is told, the
 *    modal closes. A refusal shows 'Signature declined' (for a smart account: 'This application might
 *    not support Smart Accounts', spec §8) and the view stays for another try.
 * 3. The session ends when the account or chain no longer matches (then sign-in is asked again), on
 *    disconnect, and on the dapp's `signOut()`; each is revoked at the API (best effort) and told.
 */
import {
  formatSiwxMessage,
  type ModalInit,
  SIWX_LIMITS,
  SIWX_PATHS,
  SiwxCreateResponseSchema,
  SiwxNonceResponseSchema,
  SiwxSessionSchema,
  type SiwxStoredSession,
  SiwxStoredSessionSchema,
  STORAGE_KEYS,
  UI_MESSAGES,
  utf8ToHex,
} from '@walletframe/protocol'
import type { Store } from '../../ui/store.ts'
import type { AccountType, ApiClient, HostStorage, SessionState } from '../core/index.ts'
import type { SiwxState } from './state.ts'

const isStoredSession = (value: unknown): value is SiwxStoredSession =>
  SiwxStoredSessionSchema.safeParse(value).success

/** The integrator's sign-in options: `siwx` (CAIP-122) or `siwe` (EIP-4361), one flow for eip155. */
export const signInOptions = (init: ModalInit) => init.siwx ?? init.siwe

/** Spec §2: `siwe` signs in on ConnectingSiwe, `siwx` on SIWXSignMessage. */
export const signInView = (init: ModalInit) => (init.siwe ? 'ConnectingSiwe' : 'SIWXSignMessage')

/** The sign-in state a hello starts with: the integrator's options and the session the page kept. */
export function initialSiwx(init: ModalInit, storage: HostStorage): SiwxState {
  const options = signInOptions(init)
  const session = options ? storage.getJson(STORAGE_KEYS.siwxSession, isStoredSession) : undefined
  return {
    enabled: !!options,
    required: options?.required !== false,
    status: 'idle',
    ...(session ? { session } : {}),
  }
}

/** The session is this account's on this chain, and not expired. */
export function sessionMatches(state: SessionState, now = Date.now()): boolean {
  const { session } = state.siwx
  const { account } = state
  return (
    !!session &&
    account.status === 'connected' &&
    session.address.toLowerCase() === account.address?.toLowerCase() &&
    session.chainId === account.chainId &&
    Date.parse(session.expiresAt) > now
  )
}

/**
 * Spec §8: a smart account's sign-in that fails is more likely the app not verifying its ERC-1271
 * signature than the user declining, so it says so instead of 'Signature declined'.
 */
export const declinedMessage = (type: AccountType | undefined): string =>
  type === 'smartAccount' ? UI_MESSAGES.smartAccountSignInFailed : UI_MESSAGES.signatureDeclined

export function createSiwx(context: {
  init: ModalInit
  store: Store<SessionState>
  storage: HostStorage
  api: () => ApiClient | undefined
  walletRequest(method: string, params: unknown[]): Promise<unknown>
  /** Tells the host's SDK (`siwx.session`). */
  tell(session: SiwxStoredSession | null): void
  /** Signed in: the router learns it, the modal closes (spec §4). */
  signedIn(): void
  /** The session ended while connected (another account or network): sign in again. */
  askAgain(): void
  disconnect(): Promise<void>
  toast(message: string): void
  log(message: string): void
  now?: () => number
}) {
  const { store, storage, init } = context
  const now = context.now ?? Date.now
  const options = signInOptions(init)
  const set = (next: Partial<SiwxState>) => store.set({ siwx: { ...store.get().siwx, ...next } })

  /** Forgets the session everywhere: the API (best effort), the page, the dapp. */
  const end = (session: SiwxStoredSession) => {
    const { session: _dropped, ...rest } = store.get().siwx
    store.set({ siwx: { ...rest, status: 'idle' } })
    storage.remove(STORAGE_KEYS.siwxSession)
    context.tell(null)
    context
      .api()
      ?.post(SIWX_PATHS.revoke.replace(':id', session.id), { pci: session.pci }, SiwxSessionSchema)
      .catch((error: unknown) => context.log(`sign-in session not revoked: ${(error as Error).message}`))
  }

  return {
    /** A change of the account: a session that no longer matches it ends (sign-in is asked again). */
    accountChanged(prev: SessionState, next: SessionState): void {
      const { session } = next.siwx
      if (!session || prev.account === next.account) return
      const { status } = next.account
      // Restoring after a reload (connecting) keeps a session the account then turns out to match.
      const gone = status === 'disconnected' && prev.account.status !== 'disconnected'
      if (gone) end(session)
      else if (status === 'connected' && !sessionMatches(next, now())) {
        end(session)
        context.askAgain()
      }
    },

    async signIn(): Promise<void> {
      const { account, siwx } = store.get()
      const api = context.api()
      if (!options || siwx.status === 'signing') return
      if (!api || account.status !== 'connected' || !account.address || !account.chainId) {
        context.log('sign-in needs a connected account and the data API')
        return set({ status: 'declined' })
      }
      set({ status: 'signing' })
      try {
        const origin = new URL(init.metadata?.url ?? '')
        const { nonce } = await api.post(SIWX_PATHS.nonce, {}, SiwxNonceResponseSchema)
        const issuedAt = new Date(now())
        const message = formatSiwxMessage({
          domain: origin.host,
          uri: origin.origin,
          address: account.address as `0x${string}`,
          chainId: account.chainId,
          nonce,
          issuedAt,
          expirationTime: new Date(issuedAt.getTime() + (options.expirationMs ?? SIWX_LIMITS.maxSessionMs)),
          statement: options.statement,
          resources: options.resources,
        })
        const signature = String(
          await context.walletRequest('personal_sign', [utf8ToHex(message), account.address]),
        )
        const { session, pci } = await api.post(
          SIWX_PATHS.create,
          { message, signature },
          SiwxCreateResponseSchema,
        )
        // The account may have changed while the wallet was asked: that sign-in is not this account's.
        if (store.get().account.address !== account.address) return set({ status: 'idle' })
        const stored: SiwxStoredSession = {
          id: session.id,
          address: session.address,
          chainId: session.chainId,
          expiresAt: session.expiresAt,
          message: session.message,
          signature: session.signature,
          pci,
        }
        set({ status: 'idle', session: stored })
        storage.setJson(STORAGE_KEYS.siwxSession, stored)
        context.tell(stored)
        context.signedIn()
      } catch (error) {
        context.log(`sign-in failed: ${(error as Error).message}`)
        set({ status: 'declined' })
        context.toast(declinedMessage(account.type))
      }
    },

    cancel(): void {
      if (store.get().siwx.required) void context.disconnect()
      else context.signedIn()
    },

    /** The dapp's `signOut()`: the session ends; with sign-in required, the wallet is disconnected too. */
    async signOut(): Promise<void> {
      const { session, required } = store.get().siwx
      if (session) end(session)
      if (required && store.get().account.status === 'connected') await context.disconnect()
    },
  }
}
