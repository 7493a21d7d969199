/**
 * The host SDK's check of the integrator's options against OPTION_KINDS (generated from
 * WalletFrameOptionsSchema by option-checks-source.ts): tiny on purpose, as it ships in the SDK.
 * A kind is one letter, with the allowed entries after `:`, alternatives joined by `|`, and `!`
 * first when the option must be there: b boolean, s string (`s:light,dark` one of them),
 * o object, a list (`a:email,social,wallet` of those), f the value false, u a web URL,
 * k a wallet app link.
 */
import { APP_LINK_PATTERN, WEB_URL_PATTERN } from '../option-patterns.ts'
import { isObject } from './check-runtime.ts'
import { OPTION_KINDS } from './option-checks.generated.ts'

const isString = (v: unknown): v is string => typeof v === 'string'

const KINDS: Record<string, [test: (v: unknown) => boolean, words: string]> = {
  b: [(v) => typeof v === 'boolean', 'a boolean'],
  s: [isString, 'a string'],
  o: [isObject, 'an object'],
  a: [Array.isArray, 'a list'],
  f: [(v) => v === false, 'false'],
  u: [(v) => isString(v) && WEB_URL_PATTERN.test(v), 'an https URL (http only on localhost)'],
  k: [(v) => isString(v) && APP_LINK_PATTERN.test(v), 'an https URL or a wallet app link (wallet://)'],
}

function matches(kind: string, value: unknown): boolean {
  return kind.split('|').some((alternative) => {
    const [letter, list] = alternative.split(':') as [string, string?]
    if (!KINDS[letter]![0](value)) return false
    const allowed: unknown[] | undefined = list?.split(',')
    return !allowed || (Array.isArray(value) ? value : [value]).every((entry) => allowed.includes(entry))
  })
}

const describe = (kind: string) =>
  kind
    .split('|')
    .map((alternative) => {
      const [letter, list] = alternative.split(':') as [string, string?]
      const entries = list?.replace(/,/g, ', ')
      return !entries ? KINDS[letter]![1] : letter === 'a' ? `a list of: ${entries}` : `one of ${entries}`
    })
    .join(' or ')

/** Each value at `keys` under `value`, with its path (`customWallets[0].name`); `*`: each list entry. */
function valuesAt(value: unknown, keys: string[], at: string): [string, unknown][] {
  const [key, ...rest] = keys
  if (key === undefined) return [[at, value]]
  if (key === '*')
    return Array.isArray(value) ? value.flatMap((v, i) => valuesAt(v, rest, `${at}[${i}]`)) : []
  return isObject(value) ? valuesAt(value[key], rest, at ? `${at}.${key}` : key) : []
}

/** What is wrong with the first option that does not fit ("features.history must be a boolean"), if any. */
export function optionProblem(options: unknown): string | undefined {
  for (const rule of OPTION_KINDS.split(';')) {
    const [path, kind] = rule.split('=') as [string, string]
    const required = kind[0] === '!'
    const type = required ? kind.slice(1) : kind
    for (const [at, value] of valuesAt(options, path.split('.'), ''))
      if (value === undefined ? required : !matches(type, value)) return `${at} must be ${describe(type)}.`
  }
  return undefined
}
