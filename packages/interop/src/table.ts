/**
 * The matrix as text: a row per version pair, a column per step, each cell `ok <ms>`, `ok* <ms>`
 * (passed, with a note below), `FAIL <ms>`, `known <ms>` (a listed client bug showed up) or `-`
 * (not run: an earlier step failed); then the notes and failures in full.
 */
import { type KnownIssue, knownIssue } from './known-issues.ts'
import { type PairResult, STEPS, type StepResult } from './scenario.ts'

function cell(step: StepResult | undefined, known: KnownIssue | undefined): string {
  if (!step) return '-'
  if (step.ok) return `${step.note ? 'ok*' : 'ok'} ${step.ms}`
  return `${known ? 'known' : 'FAIL'} ${step.ms}`
}

export function formatTable(results: readonly PairResult[]): string {
  const rows = results.map((result) => [
    `${result.dapp} × ${result.wallet}`,
    ...STEPS.map((name) => cell(result.steps[name], knownIssue(result, name))),
  ])
  const header = ['dapp × wallet (ms)', ...STEPS]
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  )
  const line = (cells: string[]) =>
    `| ${cells.map((text, column) => text.padEnd(widths[column]!)).join(' | ')} |`
  const notes = results.flatMap((result) =>
    STEPS.flatMap((name) => {
      const step = result.steps[name]
      const text = step?.error ?? step?.note
      if (!text) return []
      const known = knownIssue(result, name)
      return [`- ${result.dapp} × ${result.wallet}, ${name}: ${text}${known ? ` [known: ${known.why}]` : ''}`]
    }),
  )
  return [
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
    ...(notes.length ? ['', ...notes] : []),
  ].join('\n')
}
