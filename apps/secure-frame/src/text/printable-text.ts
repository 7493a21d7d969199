/** A message's bytes as the approval shows them: readable text when they are printable UTF-8. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true })
/** Tab, line feed and carriage return: the control characters a message may show as layout. */
const LAYOUT_CONTROLS = new Set([0x09, 0x0a, 0x0d])
/** Bidirectional controls: they can make text read differently from the bytes that are signed. */
const BIDI_CONTROLS = new Set([
  0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
])

function isUnprintable(codePoint: number): boolean {
  const control = codePoint < 0x20 || (codePoint >= 0x7f && codePoint <= 0x9f)
  return (control && !LAYOUT_CONTROLS.has(codePoint)) || BIDI_CONTROLS.has(codePoint)
}

/** The bytes as text when they are UTF-8 with nothing unprintable or misleading; undefined otherwise. */
export function printableText(bytes: Uint8Array): string | undefined {
  if (bytes.length === 0) return undefined
  try {
    const text = strictUtf8.decode(bytes)
    return [...text].some((character) => isUnprintable(character.codePointAt(0)!)) ? undefined : text
  } catch {
    return undefined // not UTF-8
  }
}
