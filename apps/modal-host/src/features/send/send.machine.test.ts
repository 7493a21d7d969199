import { TIME, type TokenBalance } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock } from 'xstate'
import { RECEIPT_MAX_CHECKS, RECEIPT_POLL_MS, RECEIVER_DEBOUNCE_MS, sendMachine } from './send.machine.ts'
import type { SendTransaction } from './send-rules.ts'
import { summaryOf } from './send-summary.ts'

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const ETH: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:31337',
  address: 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
  value: 3000,
  price: 3000,
  quantity: { decimals: '18', numeric: '1' },
  iconUrl: '',
}
const DUSD: TokenBalance = {
  ...ETH,
  name: 'Devnet USD',
  symbol: 'dUSD',
  address: 'eip155:31337:0x5fbdb2315678afecb367f032d93f642f64180aa3',
  value: 100,
  price: 1,
  quantity: { decimals: '6', numeric: '100' },
}
/** 1 gwei: a native transfer costs 21000 gwei = 0.000021 ETH = $0.063. */
const GWEI = 1_000_000_000n

/** Lets the promise actors settle (their answers arrive as microtasks). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

function start(
  options: {
    gasPrice?: () => Promise<bigint>
    names?: Record<string, string>
    send?: (tx: SendTransaction) => Promise<string>
    mined?: () => Promise<boolean>
    accountType?: 'eoa' | 'smartAccount'
  } = {},
) {
  const clock = new SimulatedClock()
  const calls = {
    preview: 0,
    sent: [] as string[],
    failed: 0,
    mined: 0,
    sentTx: [] as SendTransaction[],
    lookups: [] as string[],
  }
  const machine = sendMachine.provide({
    actors: {
      gasPrice: fromPromise(options.gasPrice ?? (async () => GWEI)),
      resolveReceiver: fromPromise(async ({ input }: { input: string }) => {
        calls.lookups.push(input)
        if (input.startsWith('0x')) return { address: input, ...(input === BOB ? { name: 'bob.wf' } : {}) }
        const address = options.names?.[input]
        return address ? { address, name: input } : undefined
      }),
      sendTransaction: fromPromise(async ({ input }: { input: SendTransaction }) => {
        calls.sentTx.push(input)
        return (options.send ?? (async () => `0x${'ab'.repeat(32)}`))(input)
      }),
      receipt: fromPromise(options.mined ?? (async () => true)),
    },
    actions: {
      showPreview: () => {
        calls.preview++
      },
      sent: (_, hash) => {
        calls.sent.push(hash)
      },
      failed: () => {
        calls.failed++
      },
      mined: () => {
        calls.mined++
      },
    },
  })
  const actor = createActor(machine, {
    clock,
    input: { from: FROM, accountType: options.accountType ?? 'eoa' },
  }).start()
  const context = () => actor.getSnapshot().context
  return { actor, clock, calls, context, summary: () => summaryOf(context()) }
}

async function readyToSend(options: Parameters<typeof start>[0] = {}) {
  const run = start(options)
  run.actor.send({ type: 'BALANCES', balances: [ETH, DUSD] })
  await settle()
  run.actor.send({ type: 'AMOUNT', amount: '0.5' })
  run.actor.send({ type: 'RECEIVER', text: BOB })
  return run
}

describe('send machine (spec §4 "Sending a token", §5 "Sending")', () => {
  it('starts on the native currency, with the fee in USD once the gas price is in', async () => {
    const { actor, summary, context } = start()
    actor.send({ type: 'BALANCES', balances: [DUSD, ETH] })
    expect(context().token?.symbol).toBe('ETH')
    await settle()
    expect(summary().fee).toBe(21_000n * GWEI)
    expect(summary().feeUsd).toBeCloseTo(0.063, 6)
  })

  it('names every missing field of a native send, in order', async () => {
    const { actor, summary } = start({ gasPrice: () => new Promise(() => {}) })
    expect(summary().missing).toEqual(['token'])
    actor.send({ type: 'BALANCES', balances: [ETH] })
    expect(summary().missing).toEqual(['receiver', 'amount', 'gasPrice'])
    actor.send({ type: 'AMOUNT', amount: '2' })
    expect(summary().missing).toEqual(['receiver', 'amountTooLarge', 'gasPrice'])
    actor.send({ type: 'AMOUNT', amount: 'abc' })
    expect(summary().missing).toEqual(['receiver', 'amount', 'gasPrice'])
  })

  it('an ERC-20 send needs token, amount and receiver, not the gas price', async () => {
    const { actor, summary } = start({ gasPrice: () => new Promise(() => {}) })
    actor.send({ type: 'BALANCES', balances: [ETH, DUSD] })
    actor.send({ type: 'TOKEN', token: DUSD })
    actor.send({ type: 'AMOUNT', amount: '10' })
    actor.send({ type: 'RECEIVER', text: BOB })
    expect(summary().missing).toEqual([])
    actor.send({ type: 'PREVIEW' })
    expect(actor.getSnapshot().matches({ flow: 'preview' })).toBe(true)
  })

  it('resolves a typed name after the typing pause, and only the last one typed', async () => {
    const { actor, clock, context, calls } = start({ names: { 'bob.wf': BOB } })
    actor.send({ type: 'RECEIVER', text: 'bob' })
    clock.increment(RECEIVER_DEBOUNCE_MS - 1)
    actor.send({ type: 'RECEIVER', text: 'bob.wf' })
    clock.increment(RECEIVER_DEBOUNCE_MS - 1)
    expect(calls.lookups).toEqual([])
    clock.increment(1)
    await settle()
    expect(calls.lookups).toEqual(['bob.wf'])
    expect(context().receiver).toEqual({ address: BOB, name: 'bob.wf' })
  })

  it('says so when no account has the name typed', async () => {
    const { actor, clock, context } = start()
    actor.send({ type: 'RECEIVER', text: 'nobody.wf' })
    clock.increment(RECEIVER_DEBOUNCE_MS)
    await settle()
    expect(context().receiver).toBeUndefined()
    expect(context().receiverError).toBe('receiverUnknown')
  })

  it('takes a typed address at once, and adds its reverse name', async () => {
    const { actor, clock, context } = start()
    actor.send({ type: 'RECEIVER', text: BOB })
    expect(context().receiver).toEqual({ address: BOB })
    clock.increment(RECEIVER_DEBOUNCE_MS)
    await settle()
    expect(context().receiver).toEqual({ address: BOB, name: 'bob.wf' })
  })

  it('Max sends the whole token balance, and leaves the fee on the native currency', async () => {
    const { actor, context } = start()
    actor.send({ type: 'BALANCES', balances: [ETH, DUSD] })
    await settle()
    actor.send({ type: 'MAX' })
    expect(context().amount).toBe('0.999979')
    actor.send({ type: 'TOKEN', token: DUSD })
    actor.send({ type: 'MAX' })
    expect(context().amount).toBe('100')
  })

  it('refuses the preview with insufficient gas (spec §5), but not for a smart account', async () => {
    const poor = { ...ETH, value: 0.05, quantity: { decimals: '18', numeric: '0.0000166' } }
    for (const [accountType, refused] of [
      ['eoa', true],
      ['smartAccount', false],
    ] as const) {
      const { actor, summary } = start({ accountType })
      actor.send({ type: 'BALANCES', balances: [poor, DUSD] })
      await settle()
      actor.send({ type: 'TOKEN', token: DUSD })
      actor.send({ type: 'AMOUNT', amount: '1' })
      actor.send({ type: 'RECEIVER', text: BOB })
      expect(summary().lacksGas).toBe(refused)
      actor.send({ type: 'PREVIEW' })
      expect(actor.getSnapshot().matches({ flow: 'preview' })).toBe(!refused)
    }
  })

  it('counts a zero network balance as insufficient gas', async () => {
    const { actor, summary } = start()
    actor.send({ type: 'BALANCES', balances: [{ ...ETH, value: 0 }, DUSD] })
    await settle()
    expect(summary().lacksGas).toBe(true)
  })

  it('preview, confirm: the wallet gets the transfer, then the form is reset and the receipt awaited', async () => {
    const { actor, clock, calls, context } = await readyToSend()
    actor.send({ type: 'PREVIEW' })
    expect(calls.preview).toBe(1)
    actor.send({ type: 'CONFIRM' })
    expect(actor.getSnapshot().matches({ flow: 'sending' })).toBe(true)
    await settle()
    expect(calls.sentTx).toEqual([{ from: FROM, to: BOB, value: '0x6f05b59d3b20000' }])
    expect(calls.sent).toEqual([`0x${'ab'.repeat(32)}`])
    expect(actor.getSnapshot().matches({ flow: 'editing' })).toBe(true)
    expect(context()).toMatchObject({ amount: '', receiverText: '', receiver: undefined })
    expect(context().token?.symbol).toBe('ETH')
    expect(calls.mined).toBe(0)
    clock.increment(RECEIPT_POLL_MS)
    await settle()
    expect(calls.mined).toBe(1)
  })

  it('an ERC-20 send calls transfer(receiver, amount) on the token', async () => {
    const { actor, calls } = await readyToSend()
    actor.send({ type: 'TOKEN', token: DUSD })
    actor.send({ type: 'AMOUNT', amount: '1.5' })
    actor.send({ type: 'PREVIEW' })
    actor.send({ type: 'CONFIRM' })
    await settle()
    expect(calls.sentTx[0]).toEqual({
      from: FROM,
      to: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
      data: `0xa9059cbb${BOB.slice(2).toLowerCase().padStart(64, '0')}${(1_500_000).toString(16).padStart(64, '0')}`,
    })
  })

  it('a failed send stays on the preview, says so, and keeps the draft', async () => {
    const { actor, calls, context } = await readyToSend({ send: () => Promise.reject(new Error('rejected')) })
    actor.send({ type: 'PREVIEW' })
    actor.send({ type: 'CONFIRM' })
    await settle()
    expect(calls.failed).toBe(1)
    expect(calls.sent).toEqual([])
    expect(actor.getSnapshot().matches({ flow: 'preview' })).toBe(true)
    expect(context().amount).toBe('0.5')
  })

  it('stops asking for the receipt after the last check', async () => {
    const { actor, clock, calls } = await readyToSend({ mined: async () => false })
    actor.send({ type: 'PREVIEW' })
    actor.send({ type: 'CONFIRM' })
    await settle()
    for (let check = 0; check < RECEIPT_MAX_CHECKS + 2; check++) {
      clock.increment(RECEIPT_POLL_MS)
      await settle()
    }
    expect(actor.getSnapshot().matches({ receipt: 'idle' })).toBe(true)
    expect(actor.getSnapshot().context.receiptChecks).toBe(RECEIPT_MAX_CHECKS)
    expect(calls.mined).toBe(0)
  })

  it('asks for the gas price again after a failure, once the retry pause has passed', async () => {
    let attempts = 0
    const { clock, actor } = start({
      gasPrice: async () => {
        attempts++
        if (attempts === 1) throw new Error('down')
        return GWEI
      },
    })
    await settle()
    expect(actor.getSnapshot().matches({ gas: 'failed' })).toBe(true)
    clock.increment(TIME.balanceRetryIntervalMs)
    await settle()
    expect(actor.getSnapshot().context.gasPrice).toBe(GWEI)
  })
})
