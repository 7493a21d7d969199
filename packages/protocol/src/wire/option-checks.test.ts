import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { WalletFrameOptionsSchema } from '../entities/options.ts'
import { optionProblem } from './option-check.ts'
import { optionKinds, renderOptionChecksModule } from './option-checks-source.ts'

const chain = {
  id: 31337,
  name: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
}
const base = { projectId: 'p', modalUrl: 'http://127.0.0.1:5174/', networks: [chain] }

describe('the integrator options (spec §3 Feature options and Settings)', () => {
  it('has a kind for every option of WalletFrameOptionsSchema', () => {
    const paths = optionKinds().map(([path]) => path)
    for (const name of Object.keys(WalletFrameOptionsSchema.shape)) expect(paths).toContain(name)
    expect(paths).toContain('features.legalCheckbox')
    expect(paths).toContain('customWallets.*.image_url')
  })

  it.each([
    { features: { history: 'no' } },
    { features: { connectorTypeOrder: ['nearby'] } },
    { features: { socials: ['myspace'] } },
    { enableWallets: 'false' },
    { termsConditionsUrl: 'http://example.com' },
    { termsConditionsUrl: 'javascript:alert(1)//https://x' },
    { customWallets: [{ id: 'a', name: 'A', image_url: 'ftp://x/icon.png' }] },
    { customWallets: [{ id: 'a', name: 'A', desktop_link: 'data://x' }] },
    { customWallets: [{ name: 'A' }] },
    { appendTo: true },
  ])('refuses what the schema refuses: %j', (wrong) => {
    const options = { ...base, ...wrong }
    expect(WalletFrameOptionsSchema.safeParse(options).success).toBe(false)
    expect(optionProblem(options)).toMatch(/ must be /)
  })

  it.each([
    {},
    {
      features: {
        legalCheckbox: true,
        collapseWallets: true,
        socials: false,
        connectMethodsOrder: ['wallet'],
      },
    },
    { termsConditionsUrl: 'https://example.com/terms', privacyPolicyUrl: 'http://localhost:5173/privacy' },
    {
      customWallets: [{ id: 'a', name: 'A', mobile_link: 'acme://', desktop_link: 'https://a.example/app' }],
    },
    { tokens: { 'eip155:1': { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3' } } },
    { appendTo: false, debug: false, enableWalletGuide: false },
  ])('accepts what the schema accepts: %j', (good) => {
    const options = { ...base, ...good }
    expect(WalletFrameOptionsSchema.safeParse(options).success).toBe(true)
    expect(optionProblem(options)).toBeUndefined()
  })
})

describe('option-checks.generated.ts', () => {
  it('is up to date with WalletFrameOptionsSchema (run `npm run generate -w @walletframe/protocol`)', () => {
    const onDisk = readFileSync(new URL('./option-checks.generated.ts', import.meta.url), 'utf8')
    expect(onDisk).toBe(renderOptionChecksModule())
  })
})
