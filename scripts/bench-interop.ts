/**
 * `npm run bench:interop`: only the WalletConnect interoperability figures of `npm run bench`,
 * printed as the same JSON, for when the rest of the bench (minutes of load) is not wanted.
 */
import { benchInterop } from '../packages/interop/src/interop.bench.ts'

console.log(JSON.stringify({ interop: await benchInterop() }, null, 2))
