import { type ReactElement, useEffect, useRef, useState } from 'react'
import './embedded.css'
import { useI18n } from '../../ui/i18n/use-i18n.tsx'
import { CODE_LENGTH, type CodeBoxesEvent, EMPTY_CODE, editCode } from './code-boxes.ts'

/**
 * Six single-digit boxes. `onComplete` gets the code each time a person's typing leaves every box
 * full, and only then: a render never submits, so a refused code is not sent again by itself, and
 * one typed again is. A refusal empties the boxes.
 */
export function CodeInput(props: {
  onComplete(code: string): void
  disabled: boolean
  /** The last code was refused: each time this turns true the boxes are emptied for the next. */
  invalid: boolean
  /** Changes when the boxes must be emptied for another reason (a new code was sent, a new step). */
  resetKey: string
  describedBy?: string
}): ReactElement {
  const [state, setState] = useState(EMPTY_CODE)
  /** The boxes as the last edit left them, ahead of the render it causes (fast typing, a fill). */
  const latest = useRef(EMPTY_CODE)
  const boxes = useRef<(HTMLInputElement | null)[]>([])
  const { invalid, resetKey } = props
  const { t } = useI18n()

  const edit = (event: CodeBoxesEvent) => {
    const { next, submit } = editCode(latest.current, event)
    latest.current = next
    setState(next)
    if (submit) props.onComplete(submit)
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: empties on each change of the key
  useEffect(() => edit({ type: 'clear' }), [resetKey])
  // biome-ignore lint/correctness/useExhaustiveDependencies: empties on each refusal, not on its end
  useEffect(() => {
    if (invalid) edit({ type: 'clear' })
  }, [invalid])
  // Also after a paste or a refused code, where the focused box may not change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refocus whenever the boxes change
  useEffect(() => {
    boxes.current[state.focus]?.focus()
  }, [state.focus, state.digits])

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
          onChange={(event) => edit({ type: 'input', index, text: event.target.value })}
          onPaste={(event) => {
            event.preventDefault()
            edit({ type: 'input', index, text: event.clipboardData.getData('text') })
          }}
          onKeyDown={(event) => {
            if (event.key === 'Backspace') {
              event.preventDefault()
              edit({ type: 'backspace', index })
            }
          }}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </fieldset>
  )
}
