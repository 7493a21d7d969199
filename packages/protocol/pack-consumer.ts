/**
 * An integrator's use of the published package (docs/publishing.md): type-checked and run in Node
 * by scripts/publish/pack.test.ts against the packed tarball.
 */
import { SiwxSessionSchema } from '@walletframe/protocol'
import { DEFINED_NETWORKS, WALLETFRAME_RDNS, WalletFrameError } from '@walletframe/protocol/host'

const caipIds: string[] = DEFINED_NETWORKS.map((network) =>
  'caipNetworkId' in network ? network.caipNetworkId : `eip155:${network.id}`,
)
if (!caipIds.includes('eip155:84532')) throw new Error('Base Sepolia is not among the defined networks')
if (!WALLETFRAME_RDNS.includes('.')) throw new Error(`${WALLETFRAME_RDNS} is not a reverse domain name`)
const rejected = new WalletFrameError({ code: 4001, message: 'User rejected the request' })
if (!(rejected instanceof Error) || rejected.code !== 4001)
  throw new Error('WalletFrameError is not a coded Error')
if (SiwxSessionSchema.safeParse({}).success) throw new Error('an empty session passed the schema')

/** Mistakes the published types catch (never called). */
export function rejectedByTheTypes(): void {
  // @ts-expect-error an error's code is a number
  new WalletFrameError({ code: '4001', message: 'User rejected the request' })
}
