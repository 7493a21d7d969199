import { ALERTS, bitcoin, ModalInitSchema, solana, THEME_DEFAULTS } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { devnet, devnet2 } from '../test/chains.ts'
import { normalizeOptions, type WalletFrameOptions } from './options.ts'
import { solanaAdapter } from './solana/index.ts'

const base: WalletFrameOptions = {
  projectId: 'walletframe-dev',
  modalUrl: 'http://127.0.0.2:5174/',
  networks: [devnet],
}

describe('normalizeOptions', () => {
  it('refuses a missing projectId with the Project ID Not Configured alert', () => {
    expect(() => normalizeOptions({ ...base, projectId: '' })).toThrow(ALERTS.projectIdNotConfigured.title)
    expect(() => normalizeOptions({ ...base, projectId: undefined as never })).toThrow(
      /Project ID Not Configured/,
    )
    expect(() => normalizeOptions(undefined as never)).toThrow(/Project ID Not Configured/)
  })

  it('refuses a missing or relative modalUrl, empty networks and malformed chains', () => {
    expect(() => normalizeOptions({ ...base, modalUrl: '' })).toThrow(/modalUrl/)
    expect(() => normalizeOptions({ ...base, modalUrl: '/modal' })).toThrow(/modalUrl/)
    expect(() => normalizeOptions({ ...base, networks: [] })).toThrow(/networks/)
    expect(() => normalizeOptions({ ...base, networks: undefined as never })).toThrow(/networks/)
    expect(() =>
      normalizeOptions({ ...base, networks: [{ ...devnet2, rpcUrls: { default: { http: [] } } }] }),
    ).toThrow(/Invalid network 31338/)
    expect(() => normalizeOptions({ ...base, networks: [{ ...devnet2, id: 0 }] })).toThrow(/Invalid network/)
    expect(() => normalizeOptions({ ...base, defaultNetwork: devnet2 })).toThrow(/defaultNetwork/)
  })

  it('refuses siwe and siwx together (spec §5 "cannot both be set")', () => {
    expect(() => normalizeOptions({ ...base, siwx: {}, siwe: {} })).toThrow(
      /siwe and siwx cannot both be set/,
    )
    expect(normalizeOptions({ ...base, siwe: { statement: 'Hi' } }).init.siwe).toEqual({ statement: 'Hi' })
  })

  it('names adapters that are no list, and leaves the adapters out of the init', () => {
    expect(() => normalizeOptions({ ...base, adapters: solanaAdapter() as never })).toThrow(
      'adapters must be a list.',
    )
    expect(normalizeOptions({ ...base, adapters: [solanaAdapter()] }).init).not.toHaveProperty('adapters')
  })

  it('throws a WalletFrameError with a code', () => {
    try {
      normalizeOptions({ ...base, projectId: '' })
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(Error)
      expect(error).toMatchObject({ name: 'WalletFrameError', code: -32602 })
    }
  })

  it('reduces viem chains to the protocol Network shape, which structured-clones', () => {
    const { init } = normalizeOptions({ ...base, networks: [devnet, devnet2], defaultNetwork: devnet2 })
    expect(init.networks).toEqual([
      {
        id: 31337,
        caipNetworkId: 'eip155:31337',
        chainNamespace: 'eip155',
        name: 'WalletFrame Devnet',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
        blockExplorers: { default: { name: 'Local', url: 'http://127.0.0.1:4000' } },
        testnet: true,
      },
      {
        id: 31338,
        caipNetworkId: 'eip155:31338',
        chainNamespace: 'eip155',
        name: 'WalletFrame Devnet 2',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: ['http://127.0.0.1:8546'] } },
      },
    ])
    expect(init.defaultNetworkId).toBe('eip155:31338')
    expect(() => structuredClone(init)).not.toThrow()
  })

  it('fills the defaults (spec §9 Defaults: debug and every enable* flag on)', () => {
    const config = normalizeOptions(base)
    expect(config).toMatchObject({
      src: 'http://127.0.0.2:5174/?projectId=walletframe-dev',
      origin: 'http://127.0.0.2:5174',
      zIndex: THEME_DEFAULTS.zIndex,
      preload: true,
      eip6963: true,
      announce: true,
      console: false,
    })
    // The SDK passes the options on as given; the modal's parse of the init applies the defaults.
    expect(config.init).toEqual({
      projectId: 'walletframe-dev',
      modalUrl: 'http://127.0.0.2:5174/',
      sdkVersion: '0.1.0',
      networks: [expect.objectContaining({ id: 31337 })],
      namespaceNetworks: [],
    })
    const parsed = ModalInitSchema.parse({ ...config.init, storage: {}, wallets: [], isMobile: false })
    expect(parsed).toMatchObject({
      themeMode: THEME_DEFAULTS.themeMode,
      themeVariables: {},
      features: {},
      debug: true,
      allowUnsupportedChain: false,
      enableNetworkSwitch: true,
      featuredWalletIds: [],
      includeWalletIds: [],
      excludeWalletIds: [],
    })
    // Absent counts as on for these (ModalInitSchema).
    expect(parsed.enableWalletConnect ?? true).toBe(true)
  })

  it('takes Solana and Bitcoin networks beside EVM chains, and one of them as the default (issue 15)', () => {
    const config = normalizeOptions({
      ...base,
      networks: [...base.networks, solana, bitcoin],
      defaultNetwork: solana,
    })
    expect(config.init.networks.map((n) => n.caipNetworkId)).toEqual(['eip155:31337'])
    expect(config.init.namespaceNetworks?.map((n) => n.caipNetworkId)).toEqual([
      solana.caipNetworkId,
      bitcoin.caipNetworkId,
    ])
    expect(config.init.defaultNetworkId).toBe(solana.caipNetworkId)
    const parsed = ModalInitSchema.parse({ ...config.init, storage: {}, wallets: [], isMobile: false })
    expect(parsed.namespaceNetworks[1]).toMatchObject({
      chainNamespace: 'bip122',
      nativeCurrency: { decimals: 8 },
    })
  })

  it('refuses networks without an EVM chain, and a namespace network whose CAIP-2 id is not its own', () => {
    expect(() => normalizeOptions({ ...base, networks: [solana] })).toThrow('must include an EVM network')
    const forged = { ...solana, caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' }
    const config = normalizeOptions({ ...base, networks: [...base.networks, forged] })
    const parsed = ModalInitSchema.safeParse({ ...config.init, storage: {}, wallets: [], isMobile: false })
    expect(parsed.success).toBe(false)
  })

  it('passes on the options as given, less the chains and whatever cannot be cloned', () => {
    const config = normalizeOptions({
      ...base,
      debug: false,
      preload: false,
      appendTo: false,
      announceProvider: false,
      features: { analytics: 'consent' },
      siwx: { statement: 'hi', onSignIn: () => {} } as never,
    })
    expect(config.init).toMatchObject({
      debug: false,
      features: { analytics: 'consent' },
      siwx: { statement: 'hi' },
    })
    expect(config.init).not.toHaveProperty('defaultNetwork')
    expect(JSON.stringify(config.init)).not.toContain('onSignIn')
    // The SDK's own options reach the modal, whose parse drops them.
    const parsed = ModalInitSchema.parse({ ...config.init, storage: {}, wallets: [] })
    for (const key of ['modalUrl', 'preload', 'appendTo', 'announceProvider'])
      expect(parsed).not.toHaveProperty(key)
  })

  it('keeps the integrator options, a modalUrl query and the z-index theme variable', () => {
    const config = normalizeOptions({
      ...base,
      modalUrl: 'https://modal.example/app?lang=en',
      themeMode: 'light',
      themeVariables: { '--wf-z-index': 5000, '--wf-accent': '#f00' },
      metadata: { name: 'Demo', url: 'http://127.0.0.1:5173', icons: [] },
      features: { swaps: false, socials: ['google'] },
      preload: true,
      debug: true,
      allowUnsupportedChain: true,
      enableNetworkSwitch: false,
      featuredWalletIds: ['io.metamask'],
      excludeWalletIds: ['com.coinbase.wallet'],
      enableEIP6963: false,
      announceProvider: false,
    })
    expect(config).toMatchObject({
      src: 'https://modal.example/app?lang=en&projectId=walletframe-dev',
      origin: 'https://modal.example',
      zIndex: 5000,
      preload: true,
      eip6963: false,
      announce: false,
    })
    expect(config.init).toMatchObject({
      themeMode: 'light',
      themeVariables: { '--wf-z-index': 5000, '--wf-accent': '#f00' },
      metadata: { name: 'Demo', url: 'http://127.0.0.1:5173', icons: [] },
      features: { swaps: false, socials: ['google'] },
      debug: true,
      allowUnsupportedChain: true,
      enableNetworkSwitch: false,
      featuredWalletIds: ['io.metamask'],
      excludeWalletIds: ['com.coinbase.wallet'],
    })
  })
  it('passes the settings of spec §3 to the modal and logs to the console only with debug: true', () => {
    const custom = {
      id: 'acme',
      name: 'Acme Wallet',
      image_url: 'https://acme.example/icon.png',
      desktop_link: 'acme://',
      webapp_link: 'http://localhost:3000/',
    }
    const config = normalizeOptions({
      ...base,
      enableWalletConnect: false,
      enableWalletGuide: false,
      enableWallets: false,
      debug: false,
      customWallets: [custom],
      tokens: { 'eip155:31337': { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3' } },
      termsConditionsUrl: 'https://example.com/terms',
      privacyPolicyUrl: 'https://example.com/privacy',
    })
    expect(config.console).toBe(false)
    expect(config.init).toMatchObject({
      debug: false,
      enableWalletConnect: false,
      enableWalletGuide: false,
      enableWallets: false,
      customWallets: [custom],
      tokens: { 'eip155:31337': { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3' } },
      termsConditionsUrl: 'https://example.com/terms',
      privacyPolicyUrl: 'https://example.com/privacy',
    })
    expect(normalizeOptions({ ...base, debug: true }).console).toBe(true)
  })

  // spec §3 Feature options and Settings: a wrong option is refused at createWalletFrame(), by name.
  it.each([
    [{ features: { collapseWallets: 'yes' } }, 'features.collapseWallets must be a boolean.'],
    [{ features: 'all' }, 'features must be an object.'],
    [{ debug: 1 }, 'debug must be a boolean.'],
    [{ enableWalletGuide: 'false' }, 'enableWalletGuide must be a boolean.'],
    [{ themeMode: 'blue' }, 'themeMode must be one of light, dark.'],
    [
      { features: { connectMethodsOrder: ['email', 'phone'] } },
      'features.connectMethodsOrder must be a list of: email, social, wallet.',
    ],
    [
      { features: { connectorTypeOrder: ['injected', 'nearby'] } },
      'features.connectorTypeOrder must be a list of: walletConnect, recent, injected, featured, custom, external, recommended.',
    ],
    [
      { features: { socials: true } },
      'features.socials must be false or a list of: google, github, apple, facebook, x, discord, farcaster.',
    ],
    [
      { termsConditionsUrl: 'http://example.com/terms' },
      'termsConditionsUrl must be an https URL (http only on localhost).',
    ],
    [
      { privacyPolicyUrl: 'javascript:alert(1)' },
      'privacyPolicyUrl must be an https URL (http only on localhost).',
    ],
    [
      { customWallets: [{ id: 'a', name: 'A', image_url: 'data:image/png;base64,AA' }] },
      'customWallets[0].image_url must be an https URL (http only on localhost).',
    ],
    [{ customWallets: [{ id: 'a', name: 'A' }, { id: 'b' }] }, 'customWallets[1].name must be a string.'],
    [
      { customWallets: [{ id: 'a', name: 'A', mobile_link: 'javascript://x' }] },
      'customWallets[0].mobile_link must be an https URL or a wallet app link (wallet://).',
    ],
    [{ tokens: ['0x5FbDB2315678afecb367f032d93F642f64180aa3'] }, 'tokens must be an object.'],
    [{ featuredWalletIds: 'io.metamask' }, 'featuredWalletIds must be a list.'],
  ])('refuses %j: "%s"', (wrong, message) => {
    expect(() => normalizeOptions({ ...base, ...(wrong as object) })).toThrow(message)
  })

  it('accepts http links on localhost and wallet app links', () => {
    expect(() =>
      normalizeOptions({
        ...base,
        termsConditionsUrl: 'http://localhost:5173/terms',
        privacyPolicyUrl: 'http://127.0.0.1/privacy',
        customWallets: [{ id: 'a', name: 'A', mobile_link: 'acme://', desktop_link: 'https://acme.example' }],
      }),
    ).not.toThrow()
  })
})
