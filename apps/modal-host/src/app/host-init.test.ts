import { CHANNEL_ERRORS } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { readHostInit } from './host-init.ts'
import { testInit, testNetwork } from './test-support.ts'

const DAPP = 'http://127.0.0.1:5173'
const networks = [testNetwork(31337, 'http://127.0.0.1:8545')]
const init = (overrides = {}) => testInit({ networks, ...overrides })

describe('the host init at the handshake', () => {
  it('is accepted for the project of the frame URL', () => {
    expect(readHostInit(init(), 'walletframe-test', DAPP)).toMatchObject({
      init: { projectId: 'walletframe-test' },
    })
  })

  it('is refused with ProjectMismatch when it names another project than the frame URL', () => {
    expect(readHostInit(init({ projectId: 'someone-else' }), 'walletframe-test', DAPP)).toEqual({
      error: CHANNEL_ERRORS.projectMismatch,
    })
  })

  it('is refused with InvalidModalInit when it does not fit the schema', () => {
    const outcome = readHostInit({ projectId: 'walletframe-test' }, 'walletframe-test', DAPP)
    expect(outcome).toMatchObject({ error: CHANNEL_ERRORS.invalidInit })
  })

  it('gives wallets the origin seen at the handshake as metadata.url, keeping name and icons', () => {
    const metadata = { name: 'Uniswap', url: 'https://app.uniswap.org', icons: ['https://i.example/u.png'] }
    const outcome = readHostInit(init({ metadata }), 'walletframe-test', DAPP)
    expect(outcome).toEqual({
      init: expect.objectContaining({ metadata: { ...metadata, url: DAPP } }),
      claimedUrl: 'https://app.uniswap.org',
    })
  })

  it.each([
    ['the origin itself', DAPP],
    ['a page of the origin', `${DAPP}/swap?x=1`],
  ])('flags nothing when metadata.url is %s', (_label, url) => {
    const outcome = readHostInit(init({ metadata: { name: 'Demo', url } }), 'walletframe-test', DAPP)
    expect(outcome).not.toHaveProperty('claimedUrl')
    expect(outcome).toMatchObject({ init: { metadata: { name: 'Demo', url: DAPP } } })
  })

  it('flags a metadata.url that is no URL at all, and fills in the origin when none is given', () => {
    expect(
      readHostInit(init({ metadata: { name: 'Demo', url: 'not a url' } }), 'walletframe-test', DAPP),
    ).toMatchObject({ claimedUrl: 'not a url', init: { metadata: { url: DAPP } } })
    expect(readHostInit(init(), 'walletframe-test', DAPP)).toMatchObject({
      init: { metadata: { name: 'WalletFrame', url: DAPP } },
    })
  })
})
