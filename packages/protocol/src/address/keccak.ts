/**
 * Keccak-256 (the pre-standard padding Ethereum uses), only for EIP-55 address checksums: the
 * modal checks an injected wallet's addresses without pulling a hashing library into its first
 * view (issue 10). Lanes are BigInts: slow, but it hashes 40 characters at a time.
 */

const MASK = (1n << 64n) - 1n
const RATE_BYTES = 136

/** The 24 round constants, from the spec's LFSR (x^8 + x^6 + x^5 + x^4 + 1). */
const ROUND_CONSTANTS = (() => {
  const constants: bigint[] = []
  let state = 1
  for (let round = 0; round < 24; round++) {
    let constant = 0n
    for (let j = 0; j < 7; j++) {
      if (state & 1) constant ^= 1n << BigInt((1 << j) - 1)
      state = ((state << 1) ^ ((state >> 7) * 0x71)) & 0xff
    }
    constants.push(constant)
  }
  return constants
})()

/** Rotation of each lane (index x + 5y), walking the (x, y) → (y, 2x + 3y) cycle from (1, 0). */
const ROTATIONS = (() => {
  const rotations = new Array<bigint>(25).fill(0n)
  let [x, y] = [1, 0]
  for (let t = 0; t < 24; t++) {
    rotations[x + 5 * y] = BigInt((((t + 1) * (t + 2)) / 2) % 64)
    ;[x, y] = [y, (2 * x + 3 * y) % 5]
  }
  return rotations
})()

const rotate = (lane: bigint, by: bigint) => ((lane << by) | (lane >> (64n - by))) & MASK

function permute(lanes: bigint[]): void {
  const columns = new Array<bigint>(5)
  const moved = new Array<bigint>(25)
  for (const constant of ROUND_CONSTANTS) {
    for (let x = 0; x < 5; x++)
      columns[x] = lanes[x]! ^ lanes[x + 5]! ^ lanes[x + 10]! ^ lanes[x + 15]! ^ lanes[x + 20]!
    for (let x = 0; x < 5; x++) {
      const d = columns[(x + 4) % 5]! ^ rotate(columns[(x + 1) % 5]!, 1n)
      for (let y = 0; y < 25; y += 5) lanes[x + y]! ^= d
    }
    for (let x = 0; x < 5; x++)
      for (let y = 0; y < 5; y++)
        moved[y + 5 * ((2 * x + 3 * y) % 5)] = rotate(lanes[x + 5 * y]!, ROTATIONS[x + 5 * y]!)
    for (let i = 0; i < 25; i++) {
      const row = i - (i % 5)
      lanes[i] = moved[i]! ^ (~moved[row + ((i + 1) % 5)]! & MASK & moved[row + ((i + 2) % 5)]!)
    }
    lanes[0]! ^= constant
  }
}

/** The hash of `bytes` as 64 lowercase hex digits. */
export function keccak256Hex(bytes: Uint8Array): string {
  const padded = new Uint8Array(Math.ceil((bytes.length + 1) / RATE_BYTES) * RATE_BYTES)
  padded.set(bytes)
  padded[bytes.length]! ^= 0x01
  padded[padded.length - 1]! ^= 0x80
  const lanes = new Array<bigint>(25).fill(0n)
  for (let block = 0; block < padded.length; block += RATE_BYTES) {
    for (let i = 0; i < RATE_BYTES; i++) lanes[i >> 3]! ^= BigInt(padded[block + i]!) << BigInt(8 * (i & 7))
    permute(lanes)
  }
  let hex = ''
  for (let i = 0; i < 32; i++)
    hex += Number((lanes[i >> 3]! >> BigInt(8 * (i & 7))) & 0xffn)
      .toString(16)
      .padStart(2, '0')
  return hex
}
