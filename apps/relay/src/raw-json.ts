/**
 * Reads the exact source text of one top-level member of a JSON object. WalletConnect clients send
 * 19-digit numeric ids that `JSON.parse` would round; the relay echoes the original bytes instead.
 * Only called on text `JSON.parse` has already accepted, so it does not validate.
 */

const WHITESPACE = new Set([' ', '\t', '\n', '\r'])

function skipWhitespace(text: string, at: number): number {
  while (WHITESPACE.has(text[at]!)) at++
  return at
}

/** `at` is on an opening quote; returns the index after the closing one. */
function endOfString(text: string, at: number): number {
  let quote = text.indexOf('"', at + 1)
  for (;;) {
    // A quote preceded by an odd number of backslashes is escaped.
    let backslashes = 0
    while (text[quote - 1 - backslashes] === '\\') backslashes++
    if (backslashes % 2 === 0) return quote + 1
    quote = text.indexOf('"', quote + 1)
  }
}

function endOfValue(text: string, at: number): number {
  const first = text[at]
  if (first === '"') return endOfString(text, at)
  if (first === '{' || first === '[') {
    let depth = 0
    for (let i = at; ; i++) {
      const char = text[i]
      if (char === '"') i = endOfString(text, i) - 1
      else if (char === '{' || char === '[') depth++
      else if (char === '}' || char === ']') {
        depth--
        if (depth === 0) return i + 1
      }
    }
  }
  let end = at
  while (end < text.length && !WHITESPACE.has(text[end]!) && text[end] !== ',' && text[end] !== '}') end++
  return end
}

/** Like `JSON.parse`, the last of duplicate members wins. */
export function rawMember(json: string, name: string): string | undefined {
  let at = skipWhitespace(json, 0)
  if (json[at] !== '{') return undefined
  let found: string | undefined
  at = skipWhitespace(json, at + 1)
  while (json[at] === '"') {
    const keyEnd = endOfString(json, at)
    const key = JSON.parse(json.slice(at, keyEnd)) as string
    const valueStart = skipWhitespace(json, skipWhitespace(json, keyEnd) + 1)
    const valueEnd = endOfValue(json, valueStart)
    if (key === name) found = json.slice(valueStart, valueEnd)
    at = skipWhitespace(json, valueEnd)
    if (json[at] !== ',') break
    at = skipWhitespace(json, at + 1)
  }
  return found
}
