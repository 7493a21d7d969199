import { startTestDevnet } from './src/test-support/devnet.ts'
import { startTestApi } from './src/test-support/api.ts'
const d = await startTestDevnet({ fixtures: false })
const api = await startTestApi(d, {})
const path = `/v1/account/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266/balance?projectId=walletframe-dev&st=bench&sv=0.1.0&chainId=eip155:31337&currency=usd`
await api.app.request(path)
for (let round = 0; round < 3; round++) {
  const t = performance.now()
  for (let i = 0; i < 20000; i++) { const r = await api.app.request(path); await r.text() }
  console.log('per request µs', ((performance.now() - t) / 20000 * 1000).toFixed(1))
}
const sup = `/v1/supported-chains?projectId=walletframe-dev&st=bench&sv=0.1.0`
const t = performance.now()
for (let i = 0; i < 20000; i++) { const r = await api.app.request(sup); await r.text() }
console.log('supported-chains µs', ((performance.now() - t) / 20000 * 1000).toFixed(1))
await api.close(); await d.close()
