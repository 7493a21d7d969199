import { LOG_LINE_MAX_CHARS } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { hostLogLine } from './log-line.ts'

describe('modal log lines sent to the host (spec §9 log buffer; no secrets, no signing params)', () => {
  it('leaves out the request body an RPC error quotes, with the params of a signing call', () => {
    const error = [
      'balance fetch failed: HTTP request failed.',
      'URL: http://127.0.0.1:5176/v1/rpc',
      'Request body: {"method":"personal_sign","params":["0x68656c6c6f","0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"]}',
    ].join('\n')
    const line = hostLogLine(error)
    expect(line).toBe(
      'balance fetch failed: HTTP request failed.\nURL: http://127.0.0.1:5176/v1/rpc [request body left out]',
    )
    expect(line).not.toContain('personal_sign')
  })

  it('replaces long hex (calldata, signatures, keys) by its length and keeps addresses and hashes', () => {
    const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    const hash = `0x${'ab'.repeat(32)}`
    const signature = `0x${'cd'.repeat(65)}`
    expect(hostLogLine(`signed ${signature} by ${address} in ${hash}`)).toBe(
      `signed 0x[65 bytes] by ${address} in ${hash}`,
    )
  })

  it("drops a URL's query and fragment (tokens, keys), keeping where it went", () => {
    expect(
      hostLogLine('wallet registry failed: GET https://api.example/v1/wallets?projectId=p&token=s3cret'),
    ).toBe('wallet registry failed: GET https://api.example/v1/wallets?…')
  })

  it('cuts a line to the channel limit', () => {
    const line = hostLogLine('x'.repeat(5000))
    expect(line).toHaveLength(LOG_LINE_MAX_CHARS)
    expect(line.endsWith('…')).toBe(true)
  })
})
