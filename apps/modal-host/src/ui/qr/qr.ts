/**
 * A small QR Code encoder (ISO/IEC 18004, model 2): byte mode, versions 1-40, all four error
 * correction levels, automatic mask choice. Written for the pairing URI, so it stays in the
 * modal's own code instead of a dependency; it only encodes, never decodes. One algorithm kept in one
 * file on purpose (it is over the usual 250 lines): its steps share the tables below.
 */

export type QrErrorCorrection = 'L' | 'M' | 'Q' | 'H'

export interface QrMatrix {
  version: number
  size: number
  mask: number
  /** Row-major: `modules[y][x]` is true for a dark module. */
  modules: boolean[][]
}

const ECL_INDEX: Record<QrErrorCorrection, number> = { L: 0, M: 1, Q: 2, H: 3 }
/** The two format bits of each level (L=01, M=00, Q=11, H=10). */
const ECL_FORMAT_BITS: Record<QrErrorCorrection, number> = { L: 1, M: 0, Q: 3, H: 2 }

// Per level (L, M, Q, H) and version (index 0 unused): error correction codewords per block, and
// the number of blocks. From the standard's table 9.
const ECC_CODEWORDS_PER_BLOCK: readonly (readonly number[])[] = [
  [
    -1, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28,
    30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
  ],
  [
    -1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28,
    28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
  ],
  [
    -1, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30,
    28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
  ],
  [
    -1, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30,
    30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
  ],
]
const ERROR_CORRECTION_BLOCKS: readonly (readonly number[])[] = [
  [
    -1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16,
    17, 18, 19, 19, 20, 21, 22, 24, 25,
  ],
  [
    -1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28,
    29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
  ],
  [
    -1, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35,
    38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68,
  ],
  [
    -1, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42,
    45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
  ],
]

const at = (table: readonly (readonly number[])[], ecl: QrErrorCorrection, version: number) =>
  table[ECL_INDEX[ecl]]![version]!

/** Modules left for data and error correction once the function patterns are drawn. */
export function rawDataModules(version: number): number {
  let result = (16 * version + 128) * version + 64
  if (version >= 2) {
    const alignments = Math.floor(version / 7) + 2
    result -= (25 * alignments - 10) * alignments - 55
    if (version >= 7) result -= 36
  }
  return result
}

/** Data codewords (bytes) a symbol of this version and level holds. */
export function dataCodewords(version: number, ecl: QrErrorCorrection): number {
  return (
    Math.floor(rawDataModules(version) / 8) -
    at(ECC_CODEWORDS_PER_BLOCK, ecl, version) * at(ERROR_CORRECTION_BLOCKS, ecl, version)
  )
}

/** Centre coordinates of the alignment patterns (both axes use the same list). */
export function alignmentPositions(version: number): number[] {
  if (version === 1) return []
  const count = Math.floor(version / 7) + 2
  const size = version * 4 + 17
  const step = version === 32 ? 26 : Math.ceil((version * 4 + 4) / (count * 2 - 2)) * 2
  const result = [6]
  for (let position = size - 7; result.length < count; position -= step) result.splice(1, 0, position)
  return result
}

// ---- Reed-Solomon over GF(2^8) with the polynomial x^8 + x^4 + x^3 + x^2 + 1 ----

function gfMultiply(x: number, y: number): number {
  let z = 0
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d)
    z ^= ((y >>> i) & 1) * x
  }
  return z & 0xff
}

/** The generator polynomial of the given degree, highest term first, its leading 1 left out. */
export function reedSolomonDivisor(degree: number): number[] {
  const result = new Array<number>(degree).fill(0)
  result[degree - 1] = 1
  let root = 1
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < result.length; j++) {
      result[j] = gfMultiply(result[j]!, root)
      if (j + 1 < result.length) result[j]! ^= result[j + 1]!
    }
    root = gfMultiply(root, 0x02)
  }
  return result
}

export function reedSolomonRemainder(data: readonly number[], divisor: readonly number[]): number[] {
  const result = new Array<number>(divisor.length).fill(0)
  for (const byte of data) {
    const factor = byte ^ result.shift()!
    result.push(0)
    divisor.forEach((coefficient, i) => {
      result[i]! ^= gfMultiply(coefficient, factor)
    })
  }
  return result
}

// ---- data encoding ----

function encodeData(bytes: Uint8Array, version: number, ecl: QrErrorCorrection): number[] {
  const bits: number[] = []
  const push = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1)
  }
  push(0b0100, 4) // byte mode
  push(bytes.length, version <= 9 ? 8 : 16)
  for (const byte of bytes) push(byte, 8)
  const capacityBits = dataCodewords(version, ecl) * 8
  push(0, Math.min(4, capacityBits - bits.length)) // terminator
  push(0, (8 - (bits.length % 8)) % 8)
  const codewords: number[] = []
  for (let i = 0; i < bits.length; i += 8)
    codewords.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0))
  for (let pad = 0xec; codewords.length < capacityBits / 8; pad ^= 0xec ^ 0x11) codewords.push(pad)
  return codewords
}

/** Splits the data into blocks, appends each block's error correction, and interleaves them. */
function withErrorCorrection(data: readonly number[], version: number, ecl: QrErrorCorrection): number[] {
  const blockCount = at(ERROR_CORRECTION_BLOCKS, ecl, version)
  const eccLength = at(ECC_CODEWORDS_PER_BLOCK, ecl, version)
  const rawCodewords = Math.floor(rawDataModules(version) / 8)
  const shortBlocks = blockCount - (rawCodewords % blockCount)
  const shortBlockLength = Math.floor(rawCodewords / blockCount)
  const divisor = reedSolomonDivisor(eccLength)
  const blocks: number[][] = []
  for (let i = 0, k = 0; i < blockCount; i++) {
    const block = data.slice(k, k + shortBlockLength - eccLength + (i < shortBlocks ? 0 : 1))
    k += block.length
    const ecc = reedSolomonRemainder(block, divisor)
    // Short blocks get a placeholder so every block has the same length while interleaving.
    if (i < shortBlocks) block.push(0)
    blocks.push([...block, ...ecc])
  }
  const result: number[] = []
  for (let i = 0; i < blocks[0]!.length; i++) {
    blocks.forEach((block, j) => {
      if (i !== shortBlockLength - eccLength || j >= shortBlocks) result.push(block[i]!)
    })
  }
  return result
}

// ---- the symbol ----

class QrSymbol {
  readonly size: number
  readonly modules: boolean[][]
  readonly isFunction: boolean[][]

  constructor(readonly version: number) {
    this.size = version * 4 + 17
    this.modules = Array.from({ length: this.size }, () => new Array<boolean>(this.size).fill(false))
    this.isFunction = Array.from({ length: this.size }, () => new Array<boolean>(this.size).fill(false))
  }

  setFunction(x: number, y: number, dark: boolean) {
    this.modules[y]![x] = dark
    this.isFunction[y]![x] = true
  }

  drawFunctionPatterns() {
    const { size } = this
    for (let i = 0; i < size; i++) {
      this.setFunction(6, i, i % 2 === 0)
      this.setFunction(i, 6, i % 2 === 0)
    }
    this.drawFinder(3, 3)
    this.drawFinder(size - 4, 3)
    this.drawFinder(3, size - 4)
    const positions = alignmentPositions(this.version)
    const last = positions.length - 1
    positions.forEach((x, i) => {
      positions.forEach((y, j) => {
        // The three corners are taken by finder patterns.
        if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return
        for (let dy = -2; dy <= 2; dy++)
          for (let dx = -2; dx <= 2; dx++)
            this.setFunction(x + dx, y + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1)
      })
    })
    // Reserve the format areas now; the real bits are drawn once the mask is known.
    this.drawFormat(0)
    this.drawVersion()
  }

  drawFinder(cx: number, cy: number) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx
        const y = cy + dy
        if (x < 0 || y < 0 || x >= this.size || y >= this.size) continue
        const distance = Math.max(Math.abs(dx), Math.abs(dy))
        this.setFunction(x, y, distance !== 2 && distance !== 4)
      }
    }
  }

  drawFormat(bits: number) {
    const bit = (i: number) => ((bits >>> i) & 1) !== 0
    const { size } = this
    for (let i = 0; i <= 5; i++) this.setFunction(8, i, bit(i))
    this.setFunction(8, 7, bit(6))
    this.setFunction(8, 8, bit(7))
    this.setFunction(7, 8, bit(8))
    for (let i = 9; i < 15; i++) this.setFunction(14 - i, 8, bit(i))
    for (let i = 0; i < 8; i++) this.setFunction(size - 1 - i, 8, bit(i))
    for (let i = 8; i < 15; i++) this.setFunction(8, size - 15 + i, bit(i))
    this.setFunction(8, size - 8, true) // the dark module
  }

  drawVersion() {
    if (this.version < 7) return
    let remainder = this.version
    for (let i = 0; i < 12; i++) remainder = (remainder << 1) ^ ((remainder >>> 11) * 0x1f25)
    const bits = (this.version << 12) | remainder
    for (let i = 0; i < 18; i++) {
      const dark = ((bits >>> i) & 1) !== 0
      const a = this.size - 11 + (i % 3)
      const b = Math.floor(i / 3)
      this.setFunction(a, b, dark)
      this.setFunction(b, a, dark)
    }
  }

  drawCodewords(codewords: readonly number[]) {
    const { size } = this
    let i = 0
    // Two-module-wide columns, right to left, zigzagging up and down; column 6 is the timing line.
    for (let right = size - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5
      for (let vertical = 0; vertical < size; vertical++) {
        for (let j = 0; j < 2; j++) {
          const x = right - j
          const upward = ((right + 1) & 2) === 0
          const y = upward ? size - 1 - vertical : vertical
          if (this.isFunction[y]![x] || i >= codewords.length * 8) continue
          this.modules[y]![x] = ((codewords[i >>> 3]! >>> (7 - (i & 7))) & 1) !== 0
          i++
        }
      }
    }
  }

  /** XOR with a mask pattern; applying the same mask twice undoes it. */
  applyMask(mask: number) {
    for (let y = 0; y < this.size; y++) {
      for (let x = 0; x < this.size; x++) {
        if (this.isFunction[y]![x]) continue
        if (MASKS[mask]!(x, y)) this.modules[y]![x] = !this.modules[y]![x]
      }
    }
  }
}

const MASKS: readonly ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
]

export function formatBits(ecl: QrErrorCorrection, mask: number): number {
  const data = (ECL_FORMAT_BITS[ecl] << 3) | mask
  let remainder = data
  for (let i = 0; i < 10; i++) remainder = (remainder << 1) ^ ((remainder >>> 9) * 0x537)
  return ((data << 10) | remainder) ^ 0x5412
}

const FINDER_LIKE = [
  [1, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0],
  [0, 0, 0, 0, 1, 0, 1, 1, 1, 0, 1],
]

/** The standard's four penalty rules; the mask with the lowest score is used. */
export function penaltyScore(modules: readonly (readonly boolean[])[]): number {
  const size = modules.length
  let score = 0
  const lines: boolean[][] = []
  for (let i = 0; i < size; i++) {
    lines.push([...modules[i]!])
    lines.push(modules.map((row) => row[i]!))
  }
  for (const line of lines) {
    let run = 1
    for (let i = 1; i <= size; i++) {
      if (i < size && line[i] === line[i - 1]) {
        run++
        continue
      }
      if (run >= 5) score += 3 + (run - 5)
      run = 1
    }
    for (let i = 0; i + 11 <= size; i++) {
      for (const pattern of FINDER_LIKE) {
        if (pattern.every((bit, k) => line[i + k] === (bit === 1))) score += 40
      }
    }
  }
  let dark = 0
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const color = modules[y]![x]
      if (color) dark++
      if (
        x + 1 < size &&
        y + 1 < size &&
        color === modules[y]![x + 1] &&
        color === modules[y + 1]![x] &&
        color === modules[y + 1]![x + 1]
      )
        score += 3
    }
  }
  const total = size * size
  score += (Math.ceil(Math.abs(dark * 20 - total * 10) / total) - 1) * 10
  return score
}

/** Encodes text (as UTF-8) in the smallest version that holds it at the given level. */
export function encodeQr(text: string, ecl: QrErrorCorrection = 'M'): QrMatrix {
  const bytes = new TextEncoder().encode(text)
  let version = 1
  for (; version <= 40; version++) {
    const countBits = version <= 9 ? 8 : 16
    if (4 + countBits + bytes.length * 8 <= dataCodewords(version, ecl) * 8) break
  }
  if (version > 40) throw new RangeError('Text too long for a QR code')
  const codewords = withErrorCorrection(encodeData(bytes, version, ecl), version, ecl)
  const symbol = new QrSymbol(version)
  symbol.drawFunctionPatterns()
  symbol.drawCodewords(codewords)
  let best = { mask: 0, score: Number.POSITIVE_INFINITY }
  for (let mask = 0; mask < 8; mask++) {
    symbol.applyMask(mask)
    symbol.drawFormat(formatBits(ecl, mask))
    const score = penaltyScore(symbol.modules)
    if (score < best.score) best = { mask, score }
    symbol.applyMask(mask)
  }
  symbol.applyMask(best.mask)
  symbol.drawFormat(formatBits(ecl, best.mask))
  return { version, size: symbol.size, mask: best.mask, modules: symbol.modules }
}

/** An SVG path (one unit per module) drawing the dark modules, offset by a quiet zone. */
export function qrPath(matrix: QrMatrix, quietZone = 0): string {
  const parts: string[] = []
  matrix.modules.forEach((row, y) => {
    let x = 0
    while (x < row.length) {
      if (!row[x]) {
        x++
        continue
      }
      // One rectangle per horizontal run keeps the path short.
      const start = x
      while (x < row.length && row[x]) x++
      parts.push(`M${start + quietZone} ${y + quietZone}h${x - start}v1h${start - x}z`)
    }
  })
  return parts.join('')
}
