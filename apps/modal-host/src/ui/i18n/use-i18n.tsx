import { createContext, Fragment, type ReactNode, useContext } from 'react'
import type { MessageKey } from './en.ts'
import { ENGLISH, type Translator } from './translator.ts'

/** English until the App provides the session's locale (tests render views without it). */
export const I18nContext = createContext<Translator>(ENGLISH)

export function useI18n(): Translator {
  return useContext(I18nContext)
}

const PART = /(\{\w+\})/

/**
 * A catalogue text with elements in its placeholders (a link, a bold email), so the translation
 * decides where they go in the sentence.
 */
export function Rich({ id, values }: { id: MessageKey; values: Record<string, ReactNode> }): ReactNode {
  const { t } = useI18n()
  // Placeholders survive t(): it fills only the string and number values it is given.
  return t(id)
    .split(PART)
    .map((part, index) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1]
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence, in order
      return <Fragment key={index}>{name && name in values ? values[name] : part}</Fragment>
    })
}
