import { type ReactElement, useEffect, useReducer, useRef } from 'react'
import './embedded.css'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'
import { CODE_LENGTH, codeBoxes, completeCode, EMPTY_CODE } from './code-boxes.ts'

/** Six single-digit boxes; `onComplete` gets the code once every box is filled. */
export function CodeInput(props: {
  onComplete(code: string): void
  disabled: boolean
  invalid: boolean
  /** Changes when the boxes must be emptied (a new code was sent, the last one was refused). */
  resetKey: string
  describedBy?: string
}): ReactElement {
  const [state, dispatch] = useReducer(codeBoxes, EMPTY_CODE)
  const boxes = useRef<(HTMLInputElement | null)[]>([])
  const { onComplete, resetKey } = props
  const submitted = useRef<string | undefined>(undefined)
  const { t } = useI18n()

  useEffect(() => {
    if (resetKey) dispatch({ type: 'clear' })
    submitted.current = undefined
  }, [resetKey])
  // Also after a paste or a refused code, where the focused box may not change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refocus whenever the boxes change
  useEffect(() => {
    boxes.current[state.focus]?.focus()
  }, [state.focus, state.digits])
  useEffect(() => {
    const code = completeCode(state)
    if (code && code !== submitted.current) {
      submitted.current = code
      onComplete(code)
    }
  }, [state, onComplete])

  return (
    // A code reads left to right in every language: its first digit is the first box on the left.
    <fieldset className="wf-code" dir="ltr" aria-describedby={props.describedBy}>
      <legend className="wf-sr-only">{t('email.oneTimeCode')}</legend>
      {Array.from({ length: CODE_LENGTH }, (_, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the six boxes are positions, never reordered
          key={index}
          ref={(element) => {
            boxes.current[index] = element
          }}
          className="wf-code-box"
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={t('email.digit', { index: index + 1 })}
          aria-invalid={props.invalid}
          disabled={props.disabled}
          value={state.digits[index]}
          onChange={(event) => dispatch({ type: 'input', index, text: event.target.value })}
          onPaste={(event) => {
            event.preventDefault()
            dispatch({ type: 'input', index, text: event.clipboardData.getData('text') })
          }}
          onKeyDown={(event) => {
            if (event.key === 'Backspace') {
              event.preventDefault()
              dispatch({ type: 'backspace', index })
            }
          }}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </fieldset>
  )
}
