import { describe, expect, it } from 'vitest'
import { type CodeBoxes, codeBoxes, completeCode, EMPTY_CODE, editCode } from './code-boxes.ts'

const type = (state: CodeBoxes, index: number, text: string) =>
  codeBoxes(state, { type: 'input', index, text })

describe('the six code boxes', () => {
  it('fills a box per digit and moves the focus on', () => {
    let state = type(EMPTY_CODE, 0, '4')
    expect(state).toEqual({ digits: ['4', '', '', '', '', ''], focus: 1 })
    state = type(state, 1, 'x')
    expect(state.focus).toBe(1)
    for (const [index, digit] of ['2', '9', '0', '1', '7'].entries()) state = type(state, index + 1, digit)
    expect(completeCode(state)).toBe('429017')
    expect(state.focus).toBe(5)
  })

  it('fills every box from a pasted six-digit code, wherever it lands', () => {
    const state = type(EMPTY_CODE, 3, ' 123 456 ')
    expect(state.digits).toEqual(['1', '2', '3', '4', '5', '6'])
    expect(completeCode(state)).toBe('123456')
  })

  it('fills the boxes after a partial paste without running past the last', () => {
    expect(type(EMPTY_CODE, 4, '987').digits).toEqual(['', '', '', '', '9', '8'])
  })

  it('clears the box on backspace, or the one before when it is empty', () => {
    const full = type(EMPTY_CODE, 0, '123456')
    const cleared = codeBoxes(full, { type: 'backspace', index: 5 })
    expect(cleared).toEqual({ digits: ['1', '2', '3', '4', '5', ''], focus: 5 })
    const back = codeBoxes(cleared, { type: 'backspace', index: 5 })
    expect(back).toEqual({ digits: ['1', '2', '3', '4', '', ''], focus: 4 })
    expect(codeBoxes(EMPTY_CODE, { type: 'backspace', index: 0 }).focus).toBe(0)
    expect(completeCode(back)).toBeUndefined()
  })

  it('empties on clear', () => {
    expect(codeBoxes(type(EMPTY_CODE, 0, '123456'), { type: 'clear' })).toEqual(EMPTY_CODE)
  })
})

describe('what an edit submits', () => {
  it('submits the code the edit completed, and nothing for an edit that leaves the boxes part-filled', () => {
    const five = type(EMPTY_CODE, 0, '12345')
    expect(editCode(EMPTY_CODE, { type: 'input', index: 0, text: '12345' }).submit).toBeUndefined()
    expect(editCode(five, { type: 'input', index: 5, text: '6' }).submit).toBe('123456')
    expect(editCode(EMPTY_CODE, { type: 'input', index: 0, text: '654321' }).submit).toBe('654321')
  })

  it('submits digits typed into full boxes, the same code again included (a retyped refused code)', () => {
    const full = type(EMPTY_CODE, 0, '000000')
    expect(editCode(full, { type: 'input', index: 2, text: '9' }).submit).toBe('009000')
    expect(editCode(full, { type: 'input', index: 0, text: '000000' }).submit).toBe('000000')
  })

  it('submits nothing for a clear, a backspace or a keystroke without a digit', () => {
    const full = type(EMPTY_CODE, 0, '123456')
    expect(editCode(full, { type: 'input', index: 2, text: 'x' }).submit).toBeUndefined()
    expect(editCode(full, { type: 'clear' }).submit).toBeUndefined()
    expect(editCode(full, { type: 'backspace', index: 5 }).submit).toBeUndefined()
  })
})
