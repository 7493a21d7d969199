/**
 * The six single-digit boxes of a one-time code (spec §5: a code is a string; ours are six digits),
 * as a pure reducer: typing a digit fills its box and moves on, a pasted (or autofilled) six-digit
 * code fills every box, backspace clears the box or, when it is empty, the one before.
 */
export const CODE_LENGTH = 6

export interface CodeBoxes {
  digits: readonly string[]
  /** The box that has the focus. */
  focus: number
}

export type CodeBoxesEvent =
  | { type: 'input'; index: number; text: string }
  | { type: 'backspace'; index: number }
  | { type: 'clear' }

export const EMPTY_CODE: CodeBoxes = { digits: Array(CODE_LENGTH).fill(''), focus: 0 }

const clamp = (index: number) => Math.min(Math.max(index, 0), CODE_LENGTH - 1)

export function codeBoxes(state: CodeBoxes, event: CodeBoxesEvent): CodeBoxes {
  if (event.type === 'clear') return EMPTY_CODE
  const digits = [...state.digits]
  if (event.type === 'backspace') {
    if (digits[event.index]) {
      digits[event.index] = ''
      return { digits, focus: event.index }
    }
    const previous = clamp(event.index - 1)
    digits[previous] = ''
    return { digits, focus: previous }
  }
  const typed = event.text.replace(/\D/g, '')
  if (!typed) return state
  if (typed.length >= CODE_LENGTH) {
    const code = typed.slice(-CODE_LENGTH)
    return { digits: code.split(''), focus: CODE_LENGTH - 1 }
  }
  // Several digits typed into one box (fast typing, a partial paste): they fill the boxes after it.
  let index = event.index
  for (const digit of typed) {
    if (index >= CODE_LENGTH) break
    digits[index++] = digit
  }
  return { digits, focus: clamp(index) }
}

/** The code, once all six boxes hold a digit. */
export const completeCode = (state: CodeBoxes): string | undefined =>
  state.digits.every((digit) => digit !== '') ? state.digits.join('') : undefined

/**
 * A person's edit of the boxes, and the code it submits: typing (or pasting) digits that leave
 * every box full submits, the same code again included. A person who retypes a refused code means
 * to send it; a clear or a backspace never submits.
 */
export function editCode(state: CodeBoxes, event: CodeBoxesEvent): { next: CodeBoxes; submit?: string } {
  const next = codeBoxes(state, event)
  const code = event.type === 'input' && next !== state ? completeCode(next) : undefined
  return code ? { next, submit: code } : { next }
}
