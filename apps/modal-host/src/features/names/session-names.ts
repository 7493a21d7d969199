/**
 * Name registration (spec §4 "Name registration", §5 "Names", §7 `/v1/profile/*`; issue 12 point 3):
 * 1. As the user types, the label is checked against spec §5's rules at once; after the §9 debounce
 *    the API says whether `<label>.wf` is free and suggests free variations.
 * 2. Register: the account signs the JSON `{ name, attributes, timestamp }` (seconds), the API checks
 *    the signature (EOA, ERC-1271, ERC-6492) and stores the name; the identity is read again, and
 *    RegisterAccountNameSuccess replaces the history (no going back). A failure returns to the form
 *    with 'Error registering name {name}'.
 */
import {
  API_PATHS,
  evmCoinType,
  NAME_RULES,
  NameLabelSchema,
  ProfileNameEntrySchema,
  ProfileSuggestionsResponseSchema,
  TIME,
  UI_MESSAGES,
  utf8ToHex,
} from '@walletframe/protocol'
import type { Text } from '../../ui/i18n/translator.ts'
import type { Store } from '../../ui/store.ts'
import type { ApiClient, SessionState } from '../core/index.ts'
import type { NamesState } from './state.ts'

export const NAMES_IDLE: NamesState = { label: '', status: 'idle', suggestions: [] }

/** The label of what was typed: `alice.wf` and `alice` are one name. */
const bareLabel = (typed: string) => typed.trim().replace(new RegExp(`\\.${NAME_RULES.zone}$`, 'i'), '')

export function createNames(context: {
  store: Store<SessionState>
  api: () => ApiClient | undefined
  walletRequest(method: string, params: unknown[]): Promise<unknown>
  /** The identity is read again (the cache skipped), so Account shows the new name. */
  identityChanged(): void
  /** RegisterAccountNameSuccess, with no going back (spec §4). */
  succeeded(): void
  toast(message: Text): void
  log(message: string): void
  now?: () => number
}) {
  const { store } = context
  const now = context.now ?? Date.now
  let timer: ReturnType<typeof setTimeout> | undefined
  let asked = 0
  const set = (next: Partial<NamesState>) => store.set({ names: { ...store.get().names, ...next } })

  async function check(label: string, ask: number) {
    const api = context.api()
    if (!api) return
    try {
      const path = API_PATHS.profileSuggestions.replace(':name', encodeURIComponent(label))
      const { suggestions } = await api.get(path, { zone: NAME_RULES.zone }, ProfileSuggestionsResponseSchema)
      if (ask !== asked) return
      const [exact, ...others] = suggestions
      set({
        status: exact?.registered ? 'taken' : 'available',
        suggestions: others.map((suggestion) => suggestion.name),
      })
    } catch (error) {
      if (ask !== asked) return
      context.log(`name suggestions failed: ${(error as Error).message}`)
      set({ status: 'error', suggestions: [] })
      context.toast(UI_MESSAGES.nameSuggestionsFailed)
    }
  }

  return {
    typeName(label: string): void {
      clearTimeout(timer)
      const ask = ++asked
      const bare = bareLabel(label)
      const parsed = NameLabelSchema.safeParse(bare)
      if (!bare) {
        set({ label, status: 'idle', suggestions: [], problem: undefined })
        return
      }
      if (!parsed.success) {
        set({ label, status: 'invalid', problem: parsed.error.issues[0]?.message, suggestions: [] })
        return
      }
      set({ label, status: 'checking', problem: undefined })
      timer = setTimeout(() => void check(parsed.data, ask), TIME.debounceMs)
    },

    async registerName(): Promise<void> {
      const { names, account } = store.get()
      const api = context.api()
      const parsed = NameLabelSchema.safeParse(
        names.label.trim().replace(new RegExp(`\\.${NAME_RULES.zone}$`, 'i'), ''),
      )
      if (!api || !parsed.success || names.status !== 'available') return
      if (account.status !== 'connected' || !account.address || !account.chainId) return
      const name = `${parsed.data}.${NAME_RULES.zone}`
      set({ status: 'registering' })
      try {
        const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(now() / 1000) })
        const signature = await context.walletRequest('personal_sign', [utf8ToHex(message), account.address])
        await api.post(
          API_PATHS.profileRegister,
          {
            coin_type: evmCoinType(account.chainId),
            address: account.address,
            message,
            signature,
          },
          ProfileNameEntrySchema,
        )
        set({ ...NAMES_IDLE, registered: name })
        context.identityChanged()
        context.succeeded()
      } catch (error) {
        context.log(`name registration failed: ${(error as Error).message}`)
        set({ status: 'available' })
        context.toast({ key: 'names.registrationFailed', values: { name } })
      }
    },
  }
}
