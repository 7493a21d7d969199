/**
 * Screenshots of the built key frame in Chromium, nested as in production (host 127.0.0.1 →
 * modal 127.0.0.2 → key frame localhost): wallet setup with a virtual passkey (PRF), then the
 * approval of a message and of an ERC-20 transfer, dark and light, then the smart account's batch
 * (EIP-5792 approve + transfer + ETH, sponsored) as one approval, then the Solana account's message
 * and a decoded transaction (issue 15). A devnet chain runs for the smart account's address and
 * deployed state; no bundler or Solana RPC is reached (those approvals are rejected).
 * `npm run build` first; writes PNGs to the folder given (default .results/screens).
 */
import { mkdirSync } from 'node:fs'
import { createServer } from 'node:http'
import { resolve } from 'node:path'
import { startDevnet } from '@walletframe/devnet'
import type { FrameInit } from '@walletframe/protocol'
import { freePortPair } from '@walletframe/testing'
import { chromiumLaunchOptions } from '@walletframe/testing/browser'
import { chromium, type Frame, type Page } from 'playwright-core'
import { encodeFunctionData, erc20Abi } from 'viem'
import { resolveKeyServerConfig } from '../server/config.ts'
import { startKeyServer } from '../server/server.ts'
import { bytesToBase58 } from '../src/custody/base58.ts'
import { buildTransaction, instructions, randomAddress } from '../src/solana/test-transactions.ts'
import { hostPage, modalPage } from './modal-page.ts'

const out = resolve(process.argv[2] ?? '.results/screens')
mkdirSync(out, { recursive: true })
const [KEY_PORT, MODAL_PORT, HOST_PORT] = [5187, 5188, 5189]
const host = `http://127.0.0.1:${HOST_PORT}`
const modal = `http://127.0.0.2:${MODAL_PORT}`

const keyServer = await startKeyServer(
  resolveKeyServerConfig({
    WF_KEY_PORT: String(KEY_PORT),
    WF_KEY_DIST_DIR: resolve('dist'),
    WF_KEY_MODAL_ORIGINS: modal,
    WALLETFRAME_DEV_ORIGINS: host,
    WF_SMTP_PORT: '5191',
    WF_INBOX_PORT: '5192',
  }),
  { log: () => {} },
)
const devnetPort = await freePortPair()
const rpcUrl = `http://127.0.0.1:${devnetPort}`
const devnet = await startDevnet({
  host: '127.0.0.1',
  chains: [{ chainId: 31337, name: 'Devnet', port: devnetPort, rpcUrl }],
})
const init: FrameInit = {
  projectId: 'walletframe-dev',
  chainId: 31337,
  networks: [
    {
      id: 31337,
      name: 'Devnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrl,
      // Never reached: the batch is rejected before any user operation is sent.
      bundlerUrl: 'http://127.0.0.1:9',
    },
  ],
  // Never reached: the Solana transaction is rejected before it is sent.
  solanaNetworks: [
    {
      caipNetworkId: 'solana:6jX4iSBKoRoc7Aah7yMRGJjFERgBUtHJ',
      name: 'Solana Localnet',
      rpcUrl: 'http://127.0.0.1:9',
    },
  ],
  themeMode: 'dark',
  themeVariables: {},
}
const keyFrameUrl = `${keyServer.url}/frame?projectId=walletframe-dev&chainId=31337&version=0.1.0&logger=0`
const pages = createServer((request, response) => {
  const html = request.headers.host?.startsWith('127.0.0.2') ? modalPage(keyFrameUrl, init) : hostPage(modal)
  response.writeHead(200, { 'content-type': 'text/html' }).end(html)
})
await new Promise<void>((done) => pages.listen(MODAL_PORT, '127.0.0.2', done))
const hostServer = createServer((_, response) =>
  response.writeHead(200, { 'content-type': 'text/html' }).end(hostPage(modal)),
)
await new Promise<void>((done) => hostServer.listen(HOST_PORT, '127.0.0.1', done))

const browser = await chromium.launch(chromiumLaunchOptions())
try {
  const context = await browser.newContext({ viewport: { width: 360, height: 560 } })
  const page = await context.newPage()
  await page.goto(host)
  const modalFrame = await frameAt(page, modal)
  await modalFrame.evaluate(
    () => (window as never as { keyFrame: { ready: Promise<unknown> } }).keyFrame.ready,
  )
  const keyFrame = await frameAt(page, keyServer.url)
  for (const target of [page, keyFrame]) {
    const cdp = await context.newCDPSession(target)
    await cdp.send('WebAuthn.enable')
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
        hasPrf: true,
      },
    })
  }
  const request = (method: string, params: unknown) =>
    modalFrame.evaluate(
      ([m, p]) =>
        (
          window as never as { keyFrame: { request(m: unknown, p: unknown): Promise<unknown> } }
        ).keyFrame.request(m, p),
      [method, params] as const,
    )
  const start = (name: string, method: string, params: unknown) =>
    modalFrame.evaluate(
      ([n, m, p]) => {
        const w = window as never as Record<string, unknown> & {
          keyFrame: { request(m: unknown, p: unknown): Promise<unknown> }
        }
        w[n as string] = w.keyFrame.request(m, p).catch((error: unknown) => ({ error }))
      },
      [name, method, params] as const,
    )
  const shot = async (name: string) => {
    await page.waitForTimeout(700)
    await page.screenshot({ path: `${out}/${name}.png` })
  }
  /** What the request started as `name` answered. */
  const outcome = (name: string) =>
    modalFrame.evaluate((n) => (window as never as Record<string, Promise<unknown>>)[n], name)
  /** Approve counts once the pointer rested on it (guard/pointer-rest.ts): until then it is aria-disabled. */
  const approveAndLog = async (name: string) => {
    const approve = keyFrame.getByRole('button', { name: 'Approve' })
    await approve.hover()
    await page.waitForTimeout(800)
    await approve.click({ force: true })
    console.log(`${name}:`, await outcome(name))
  }
  const rejectAndLog = async (name: string) => {
    await keyFrame.getByRole('button', { name: 'Reject' }).click()
    console.log(`${name}:`, await outcome(name))
  }
  /** The end of the approval's details, as the user scrolls to it. */
  const scrollDetails = () =>
    keyFrame.locator('.details').evaluate((details) => details.scrollTo(0, details.scrollHeight))

  const email = `capture-${Date.now()}@example.com`
  await request('frame.connectEmail', { email })
  const mails = (await (await fetch(`${keyServer.inboxUrl}/messages.json?to=${email}`)).json()) as {
    code: string
  }[]
  await request('frame.connectOtp', { otp: mails[0]!.code })
  await start('setup', 'frame.setupWallet', {})
  await keyFrame.getByRole('button', { name: /Create passkey|Create wallet/ }).waitFor()
  await shot('setup-start-dark')
  await keyFrame.getByRole('button', { name: /Create passkey|Create wallet/ }).click()
  await keyFrame.getByText('Save your recovery code').waitFor({ timeout: 15_000 })
  await shot('setup-recovery-code-dark')
  await keyFrame.getByRole('button', { name: 'I saved it' }).click()
  const { address } = (await outcome('setup')) as { address: string }
  // The EOA signs the message and the transaction; the smart account the batch below.
  await request('frame.setPreferredAccount', { type: 'eoa' })

  await start('message', 'frame.rpcRequest', {
    method: 'personal_sign',
    params: ['Sign in to Demo dapp\n\nNonce: 8f2c1a\nIssued at: 2026-01-01T00:00:00Z', address],
  })
  await keyFrame.getByText('Sign message').waitFor()
  await shot('approval-message-dark')
  await request('frame.syncTheme', { themeMode: 'light', themeVariables: { '--wf-accent': '#ffff00' } })
  await shot('approval-message-light')
  await approveAndLog('message')

  const data = encodeFunctionData({
    abi: erc20Abi,
    functionName: 'transfer',
    args: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 2_500_000n],
  })
  await start('transaction', 'frame.rpcRequest', {
    method: 'eth_sendTransaction',
    params: [
      {
        from: address,
        to: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        value: '0x0',
        data,
        gas: '0xc350',
        maxFeePerGas: '0x77359400',
      },
    ],
  })
  await keyFrame.getByText(/Send transaction/).waitFor({ timeout: 20_000 })
  await shot('approval-transaction-light')
  await request('frame.syncTheme', { themeMode: 'dark', themeVariables: { '--wf-font-size-master': '40px' } })
  await shot('approval-transaction-dark')
  await rejectAndLog('transaction')

  const { address: smartAccount } = (await request('frame.setPreferredAccount', {
    type: 'smartAccount',
  })) as {
    address: string
  }
  const [dUSD, spender, recipient] = [
    devnet.fixtures[31337]!.tokens[0]!.address,
    '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  ] as const
  const tokenCall = (functionName: 'approve' | 'transfer', to: `0x${string}`, amount: bigint) => ({
    to: dUSD,
    data: encodeFunctionData({ abi: erc20Abi, functionName, args: [to, amount] }),
  })
  await start('batch', 'frame.rpcRequest', {
    method: 'wallet_sendCalls',
    params: [
      {
        version: '2.0.0',
        chainId: '0x7a69',
        from: smartAccount,
        atomicRequired: true,
        calls: [
          tokenCall('approve', spender, 5_000_000n),
          tokenCall('transfer', recipient, 2_500_000n),
          { to: recipient, value: '0x2386f26fc10000' },
        ],
        capabilities: { paymasterService: { url: 'http://127.0.0.1:4338/paymaster' } },
      },
    ],
  })
  await keyFrame.getByText('Approve 3 calls').waitFor({ timeout: 20_000 })
  await shot('approval-batch-dark')
  await request('frame.syncTheme', { themeMode: 'light', themeVariables: {} })
  await shot('approval-batch-light')
  // The calls below the batch's summary, as the user scrolls to them.
  await scrollDetails()
  await shot('approval-batch-calls-light')
  await rejectAndLog('batch')

  // The Solana account's approvals: a sign-in message, then a send decoded instruction by instruction.
  const [{ pubkey: solana }] = (await request('frame.rpcRequest', { method: 'solana_getAccounts' })) as [
    { pubkey: never },
  ]
  await request('frame.syncTheme', { themeMode: 'dark', themeVariables: {} })
  const text = 'example.org wants you to sign in with your Solana account.\n\nNonce: 3b1f0c'
  await start('solanaMessage', 'frame.rpcRequest', {
    method: 'solana_signMessage',
    params: { message: bytesToBase58(new TextEncoder().encode(text)), pubkey: solana },
  })
  await keyFrame.getByText('Sign message').waitFor()
  await shot('approval-solana-message-dark')
  await request('frame.syncTheme', { themeMode: 'light', themeVariables: {} })
  await shot('approval-solana-message-light')
  await approveAndLog('solanaMessage')
  const [mint, source, destination, solanaRecipient] = [
    randomAddress(),
    randomAddress(),
    randomAddress(),
    randomAddress(),
  ]
  await start('solanaSend', 'frame.rpcRequest', {
    method: 'solana_signAndSendTransaction',
    params: {
      transaction: buildTransaction({
        feePayer: solana,
        instructions: [
          instructions.computeUnitLimit(200_000),
          instructions.computeUnitPrice(50_000n),
          instructions.transferSol(solana, solanaRecipient, 250_000_000n),
          instructions.createAta(solana, destination, solanaRecipient, mint),
          instructions.tokenTransferChecked(source, mint, destination, solana, 12_500_000n, 6),
        ],
      }),
      sendOptions: { preflightCommitment: 'confirmed' },
    },
  })
  await keyFrame.getByText('Send transaction').waitFor({ timeout: 20_000 })
  await shot('approval-solana-transaction-light')
  await request('frame.syncTheme', { themeMode: 'dark', themeVariables: {} })
  await shot('approval-solana-transaction-dark')
  await scrollDetails()
  await shot('approval-solana-transaction-end-dark')
  await rejectAndLog('solanaSend')

  const direct = await context.newPage()
  await direct.goto(keyFrameUrl)
  await direct.waitForTimeout(500)
  await direct.screenshot({ path: `${out}/refused-top-level.png` })
  console.log(`screens in ${out}`)
} finally {
  await browser.close()
  pages.close()
  hostServer.close()
  await keyServer.close()
  await devnet.close()
}

async function frameAt(page: Page, origin: string): Promise<Frame> {
  for (let tries = 0; tries < 100; tries++) {
    const frame = page.frames().find((candidate) => candidate.url().startsWith(origin))
    if (frame) return frame
    await page.waitForTimeout(100)
  }
  throw new Error(`no frame at ${origin}`)
}
