/**
 * The dev paymaster service (issue 14 point 1): ERC-7677 (`pm_getPaymasterStubData`,
 * `pm_getPaymasterData`) over the devnet's VerifyingPaymaster v0.7, which pays the gas of any user
 * operation this service signed. It sponsors every operation on its chain: a devnet has no one to
 * bill. What a wallet passes as the `paymasterService` capability URL.
 *
 * paymasterData as VerifyingPaymaster v0.7 parses it: abi.encode(uint48 validUntil, uint48
 * validAfter) followed by the signer's signature over `getHash(userOp, validUntil, validAfter)` as
 * an Ethereum signed message.
 */
import {
  type AccountAbstractionFixtures,
  DEV_PAYMASTER_SIGNER_KEY,
  verifyingPaymasterAbi,
} from '@walletframe/devnet'
import { listen } from '@walletframe/stack'
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import {
  concat,
  createPublicClient,
  encodeAbiParameters,
  type Hex,
  http,
  isAddress,
  isAddressEqual,
  toHex,
  zeroHash,
} from 'viem'
import { formatUserOperation, type RpcUserOperation, toPackedUserOperation } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'

/** Gas the VerifyingPaymaster's validation needs, with room (it measures about 30k). */
const PAYMASTER_VERIFICATION_GAS = 100_000n
/** It returns no context, so the EntryPoint never calls its postOp. */
const PAYMASTER_POST_OP_GAS = 0n
/** How long a sponsorship signature stays valid: long enough for a user to approve. */
const SPONSORSHIP_VALIDITY_SECONDS = 600

export interface PaymasterServiceOptions {
  chainId: number
  rpcUrl: string
  contracts: Pick<AccountAbstractionFixtures, 'entryPoint' | 'verifyingPaymaster'>
  /** The clock, in seconds (tests pass a fixed one). */
  now?: () => number
}

class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/** Checks the three leading ERC-7677 params shared by both methods. */
function parseParams(params: unknown, options: PaymasterServiceOptions): RpcUserOperation<'0.7'> {
  if (!Array.isArray(params) || params.length < 3) {
    throw new JsonRpcError(-32602, 'params must be [userOperation, entryPoint, chainId, context?]')
  }
  const [userOperation, entryPoint, chainId] = params as [unknown, unknown, unknown]
  if (typeof entryPoint !== 'string' || !isAddress(entryPoint)) {
    throw new JsonRpcError(-32602, 'entryPoint must be an address')
  }
  if (!isAddressEqual(entryPoint, options.contracts.entryPoint)) {
    throw new JsonRpcError(
      -32602,
      `unsupported entryPoint ${entryPoint}: only ${options.contracts.entryPoint}`,
    )
  }
  if (chainId !== toHex(options.chainId)) {
    throw new JsonRpcError(-32602, `unsupported chainId ${String(chainId)}: only ${toHex(options.chainId)}`)
  }
  const op = userOperation as Partial<Record<string, unknown>> | null
  for (const field of [
    'sender',
    'nonce',
    'callData',
    'callGasLimit',
    'verificationGasLimit',
    'preVerificationGas',
  ]) {
    if (typeof op?.[field] !== 'string' || !/^0x[0-9a-fA-F]*$/.test(op[field] as string)) {
      throw new JsonRpcError(-32602, `userOperation.${field} must be a hex string`)
    }
  }
  return op as RpcUserOperation<'0.7'>
}

/** The JSON-RPC app: POST / with a single request. */
export function createPaymasterApp(options: PaymasterServiceOptions): Hono {
  const { verifyingPaymaster } = options.contracts
  const signer = privateKeyToAccount(DEV_PAYMASTER_SIGNER_KEY)
  const client = createPublicClient({ transport: http(options.rpcUrl, { retryCount: 0 }) })
  const now = options.now ?? (() => Math.floor(Date.now() / 1000))
  // The stub's signature must be well-formed (the paymaster's ECDSA.recover reverts on a malformed
  // one, which fails gas estimation): the signer's over a zero hash, valid as a signature but not
  // for any operation, so validation runs its full path and returns "signature failed".
  const stubSignature = signer.signMessage({ message: { raw: zeroHash } })
  const gasLimits = {
    paymasterVerificationGasLimit: toHex(PAYMASTER_VERIFICATION_GAS),
    paymasterPostOpGasLimit: toHex(PAYMASTER_POST_OP_GAS),
  }

  async function sign(rpcOperation: RpcUserOperation<'0.7'>): Promise<Hex> {
    const validUntil = now() + SPONSORSHIP_VALIDITY_SECONDS
    const validAfter = 0
    const operation = formatUserOperation({ ...rpcOperation, paymaster: verifyingPaymaster, ...gasLimits })
    const hash = await client.readContract({
      address: verifyingPaymaster,
      abi: verifyingPaymasterAbi,
      functionName: 'getHash',
      args: [toPackedUserOperation({ ...operation, signature: '0x' }), validUntil, validAfter],
    })
    const validity = encodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], [validUntil, validAfter])
    return concat([validity, await signer.signMessage({ message: { raw: hash } })])
  }

  const methods: Record<string, (params: unknown) => Promise<unknown>> = {
    pm_getPaymasterStubData: async (params) => {
      parseParams(params, options)
      const validity = encodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], [0, 0])
      return {
        paymaster: verifyingPaymaster,
        paymasterData: concat([validity, await stubSignature]),
        ...gasLimits,
        // The real data signs the final gas limits, so the wallet must ask again once they are set.
        isFinal: false,
        sponsor: { name: 'WalletFrame devnet' },
      }
    },
    pm_getPaymasterData: async (params) => {
      const operation = parseParams(params, options)
      return { paymaster: verifyingPaymaster, paymasterData: await sign(operation) }
    },
  }

  const app = new Hono()
  // Wallets call it from the browser: the embedded wallet's key frame is a page on its own origin.
  app.use(cors({ origin: '*', allowMethods: ['POST'], allowHeaders: ['content-type'] }))
  app.post('/', async (c) => {
    const request = (await c.req.json().catch(() => undefined)) as
      | { id?: unknown; method?: unknown; params?: unknown }
      | undefined
    const id = request?.id ?? null
    const fail = (code: number, message: string) => c.json({ jsonrpc: '2.0', id, error: { code, message } })
    if (!request || typeof request.method !== 'string') return fail(-32600, 'not a JSON-RPC request')
    const method = methods[request.method]
    if (!method) return fail(-32601, `method ${request.method} is not supported`)
    try {
      return c.json({ jsonrpc: '2.0', id, result: await method(request.params) })
    } catch (error) {
      if (error instanceof JsonRpcError) return fail(error.code, error.message)
      return fail(-32603, `paymaster: ${(error as Error).message}`)
    }
  })
  return app
}

export interface PaymasterService {
  url: string
  close(): Promise<void>
}

export async function startPaymasterService(
  options: PaymasterServiceOptions & { host: string; port: number },
): Promise<PaymasterService> {
  const app = createPaymasterApp(options)
  const server = await listen({ fetch: app.fetch, hostname: options.host, port: options.port })
  return { url: `http://${options.host}:${server.port}`, close: server.close }
}
