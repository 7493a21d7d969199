import { describe, expect, it } from 'vitest'
import {
  fromHexChainId,
  isChainNamespace,
  isEvmAddress,
  parseCaipAddress,
  parseCaipNetworkId,
  SIGNED_MESSAGE_PATTERN,
  SOLANA_ADDRESS_PATTERN,
  TX_HASH_PATTERN,
  toCaipAddress,
  toCaipNetworkId,
  toHexChainId,
} from './caip.ts'

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'
const SOLANA_MAINNET = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

describe('CAIP-2 network ids', () => {
  it('formats a namespace and a chain id', () => {
    expect(toCaipNetworkId('eip155', 137)).toBe('eip155:137')
    expect(toCaipNetworkId('solana', SOLANA_MAINNET)).toBe(`solana:${SOLANA_MAINNET}`)
  })

  it('parses a network id of a known namespace into its two parts', () => {
    expect(parseCaipNetworkId('eip155:1')).toEqual({ namespace: 'eip155', reference: '1' })
    expect(parseCaipNetworkId(`solana:${SOLANA_MAINNET}`)).toEqual({
      namespace: 'solana',
      reference: SOLANA_MAINNET,
    })
  })

  it('round-trips what it formats', () => {
    expect(parseCaipNetworkId(toCaipNetworkId('bip122', '000000000019d6689c085ae165831e93'))).toEqual({
      namespace: 'bip122',
      reference: '000000000019d6689c085ae165831e93',
    })
  })

  it('refuses a namespace it does not know', () => {
    expect(parseCaipNetworkId('cosmos:cosmoshub-4')).toBeUndefined()
  })

  it.each([
    ['one part', 'eip155'],
    ['three parts', 'eip155:1:2'],
    ['an empty reference', 'eip155:'],
    ['an empty namespace', ':1'],
    ['an upper-case namespace', 'EIP155:1'],
    ['a space', 'eip155:1 '],
    ['a reference of 33 characters', `eip155:${'1'.repeat(33)}`],
    ['a dot in the reference', 'eip155:1.5'],
  ])('refuses a network id with %s', (_label, id) => {
    expect(parseCaipNetworkId(id)).toBeUndefined()
  })

  it('knows exactly the namespaces WalletFrame supports', () => {
    for (const namespace of ['eip155', 'solana', 'polkadot', 'bip122'])
      expect(isChainNamespace(namespace)).toBe(true)
    for (const namespace of ['cosmos', 'EIP155', '', 'constructor'])
      expect(isChainNamespace(namespace)).toBe(false)
  })
})

describe('CAIP-10 addresses', () => {
  it('formats a network id and an address', () => {
    expect(toCaipAddress('eip155:1', ADDRESS)).toBe(`eip155:1:${ADDRESS}`)
  })

  it('parses three colon-separated parts whose first is a known namespace', () => {
    expect(parseCaipAddress(`eip155:1:${ADDRESS}`)).toEqual({
      namespace: 'eip155',
      reference: '1',
      address: ADDRESS,
    })
  })

  it.each([
    ['two parts', 'eip155:1'],
    ['four parts', `eip155:1:${ADDRESS}:x`],
    ['an unknown namespace', `cosmos:1:${ADDRESS}`],
    ['an empty reference', `eip155::${ADDRESS}`],
    ['an empty address', 'eip155:1:'],
    ['nothing', ''],
  ])('refuses an address with %s', (_label, value) => {
    expect(parseCaipAddress(value)).toBeUndefined()
  })
})

describe('address and hash shapes (spec §5)', () => {
  it('accepts an EVM address of 40 hex characters, with or without 0x', () => {
    expect(isEvmAddress(ADDRESS)).toBe(true)
    expect(isEvmAddress(ADDRESS.slice(2))).toBe(true)
    expect(isEvmAddress(ADDRESS.toLowerCase())).toBe(true)
  })

  it.each([
    ['39 hex characters', ADDRESS.slice(0, -1)],
    ['41 hex characters', `${ADDRESS}a`],
    ['a non-hex character', `0x${'g'.repeat(40)}`],
    ['an upper-case 0X', `0X${ADDRESS.slice(2)}`],
    ['a trailing newline', `${ADDRESS}\n`],
    ['nothing', ''],
  ])('refuses an EVM address with %s', (_label, value) => {
    expect(isEvmAddress(value)).toBe(false)
  })

  it('accepts a transaction hash of 0x and exactly 64 hex characters', () => {
    expect(TX_HASH_PATTERN.test(`0x${'a'.repeat(64)}`)).toBe(true)
    expect(TX_HASH_PATTERN.test(`0x${'a'.repeat(63)}`)).toBe(false)
    expect(TX_HASH_PATTERN.test(`0x${'a'.repeat(65)}`)).toBe(false)
    expect(TX_HASH_PATTERN.test('a'.repeat(66))).toBe(false)
  })

  it('accepts a signed message of 0x and at least 62 hex characters', () => {
    expect(SIGNED_MESSAGE_PATTERN.test(`0x${'f'.repeat(62)}`)).toBe(true)
    expect(SIGNED_MESSAGE_PATTERN.test(`0x${'f'.repeat(130)}`)).toBe(true)
    expect(SIGNED_MESSAGE_PATTERN.test(`0x${'f'.repeat(61)}`)).toBe(false)
    expect(SIGNED_MESSAGE_PATTERN.test(`0x${'z'.repeat(62)}`)).toBe(false)
  })

  it('accepts a Solana address of 32 to 44 base58 characters', () => {
    expect(SOLANA_ADDRESS_PATTERN.test('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')).toBe(true)
    expect(SOLANA_ADDRESS_PATTERN.test('1'.repeat(32))).toBe(true)
    expect(SOLANA_ADDRESS_PATTERN.test('1'.repeat(31))).toBe(false)
    expect(SOLANA_ADDRESS_PATTERN.test('1'.repeat(45))).toBe(false)
  })

  it.each(['0', 'O', 'I', 'l'])('refuses a Solana address containing %s, which base58 leaves out', (char) => {
    expect(SOLANA_ADDRESS_PATTERN.test(`${'1'.repeat(31)}${char}`)).toBe(false)
  })
})

describe('hex chain ids', () => {
  it('formats a chain id as 0x-prefixed lower-case hex', () => {
    expect(toHexChainId(1)).toBe('0x1')
    expect(toHexChainId(137)).toBe('0x89')
    expect(toHexChainId(11155111)).toBe('0xaa36a7')
  })

  it('parses 0x hex in either letter case', () => {
    expect(fromHexChainId('0x1')).toBe(1)
    expect(fromHexChainId('0x89')).toBe(137)
    expect(fromHexChainId('0xAA36A7')).toBe(11155111)
    expect(fromHexChainId('0X89')).toBe(137)
  })

  it('round-trips what toHexChainId formats', () => {
    for (const id of [1, 10, 137, 8453, 31337, Number.MAX_SAFE_INTEGER])
      expect(fromHexChainId(toHexChainId(id))).toBe(id)
  })

  it('accepts a positive safe integer and a decimal string as they are', () => {
    expect(fromHexChainId(137)).toBe(137)
    expect(fromHexChainId('137')).toBe(137)
  })

  it.each([
    ['0x0', '0x0'],
    ['zero', 0],
    ['"0"', '0'],
  ])('refuses chain id %s', (_label, value) => {
    expect(fromHexChainId(value)).toBeUndefined()
  })

  it.each([
    ['a negative number', -1],
    ['a negative decimal string', '-1'],
    ['negative hex', '-0x1'],
  ])('refuses %s', (_label, value) => {
    expect(fromHexChainId(value)).toBeUndefined()
  })

  it.each([
    ['2^53 as hex', '0x20000000000000'],
    ['2^53 as a number', 2 ** 53],
    ['2^53 as a decimal string', '9007199254740992'],
    ['a 64-digit hex number', `0x${'f'.repeat(64)}`],
    ['Infinity', Number.POSITIVE_INFINITY],
  ])('refuses a huge chain id: %s', (_label, value) => {
    expect(fromHexChainId(value)).toBeUndefined()
  })

  it('accepts the largest safe integer as hex', () => {
    expect(fromHexChainId('0x1fffffffffffff')).toBe(Number.MAX_SAFE_INTEGER)
  })

  it.each([
    ['non-hex digits', '0xzz'],
    ['a bare 0x', '0x'],
    ['letters', 'abc'],
    ['an empty string', ''],
    ['exponent notation', '1e3'],
    ['binary notation', '0b11'],
    ['octal notation', '0o17'],
    ['a fraction', '1.0'],
    ['surrounding spaces', ' 0x1 '],
    ['a plus sign', '+1'],
  ])('refuses a string with %s', (_label, value) => {
    expect(fromHexChainId(value)).toBeUndefined()
  })

  it.each([
    ['a fraction', 1.5],
    ['NaN', Number.NaN],
    ['null', null],
    ['undefined', undefined],
    ['a bigint', 1n],
    ['an object', { chainId: 1 }],
  ])('refuses a non-string value: %s', (_label, value) => {
    expect(fromHexChainId(value)).toBeUndefined()
  })
})
