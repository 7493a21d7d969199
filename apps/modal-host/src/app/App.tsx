import { type ReactElement, type ReactNode, useEffect, useLayoutEffect, useMemo, useState } from 'react'
import { SessionContext, useSessionState } from '../features/core/use-session.ts'
import { resolveLocale } from '../ui/i18n/locale.ts'
import { fetchTranslator, immediateTranslator, type Translator } from '../ui/i18n/translator.ts'
import { I18nContext } from '../ui/i18n/use-i18n.tsx'
import { applyTheme } from '../ui/theme/apply-theme.ts'
import { AlertCard } from './AlertCard.tsx'
import { Modal } from './Modal.tsx'
import type { Session } from './session.ts'

function Themed(): ReactElement | null {
  const mode = useSessionState((s) => s.themeMode)
  const variables = useSessionState((s) => s.themeVariables)
  const phase = useSessionState((s) => s.phase)
  const alert = useSessionState((s) => s.alert)
  useEffect(() => applyTheme(document.documentElement, mode, variables), [mode, variables])
  if (alert) return <AlertCard />
  return phase === 'ready' ? <Modal /> : null
}

/**
 * The modal's language: the host's `locale` option once its hello has come, else the browser's
 * (the frame shares it); the document says which way it reads, so the layout mirrors for Arabic.
 * English is at hand; another language shows once its catalogue's chunk is here (never English first).
 */
function Localized({ children }: { children: ReactNode }): ReactElement | null {
  const requested = useSessionState((s) => s.init?.locale)
  const resolved = useMemo(() => resolveLocale(requested, navigator.languages), [requested])
  const immediate = useMemo(() => immediateTranslator(resolved), [resolved])
  const [fetched, setFetched] = useState<{ for: typeof resolved; translator: Translator }>()
  useEffect(() => {
    if (immediate) return
    let current = true
    void fetchTranslator(resolved).then((translator) => current && setFetched({ for: resolved, translator }))
    return () => {
      current = false
    }
  }, [resolved, immediate])
  const translator = immediate ?? (fetched?.for === resolved ? fetched.translator : undefined)
  useLayoutEffect(() => {
    if (!translator) return
    document.documentElement.lang = translator.locale
    document.documentElement.dir = translator.dir
  }, [translator])
  if (!translator) return null
  return <I18nContext.Provider value={translator}>{children}</I18nContext.Provider>
}

export function App({ session }: { session: Session }): ReactElement {
  return (
    <SessionContext.Provider value={session}>
      <Localized>
        <Themed />
      </Localized>
    </SessionContext.Provider>
  )
}
