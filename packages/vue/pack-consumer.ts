/**
 * An integrator's use of the published package (docs/publishing.md): type-checked and run in Node
 * by scripts/publish/pack.test.ts against the packed tarball. Server-side rendering, as Nuxt does
 * it: the plugin makes no instance, the refs hold the disconnected account and the closed modal,
 * an action rejects with code 4900.
 */
import { baseSepolia } from '@walletframe/sdk/networks'
import {
  createWalletFramePlugin,
  type UseWalletFrame,
  useWalletFrame,
  useWalletFrameAccount,
  useWalletFrameState,
} from '@walletframe/vue'
import { createSSRApp, defineComponent, h } from 'vue'
import { renderToString } from 'vue/server-renderer'

let actions: UseWalletFrame | undefined
const App = defineComponent({
  setup() {
    actions = useWalletFrame()
    const account = useWalletFrameAccount()
    const modal = useWalletFrameState()
    return () => h('p', `${account.value.status}, modal ${modal.value.open ? 'open' : 'closed'}`)
  },
})

const app = createSSRApp(App).use(
  createWalletFramePlugin({
    projectId: 'my-project',
    modalUrl: 'https://modal.example/',
    networks: [baseSepolia],
  }),
)
const html = await renderToString(app)
if (!html.includes('disconnected, modal closed'))
  throw new Error(`the server-rendered account is not the disconnected, closed one: ${html}`)
if (!actions || actions.walletFrame !== undefined) throw new Error('a server render made an SDK instance')
await actions.open().then(
  () => {
    throw new Error('opening the modal during server rendering did not reject')
  },
  (error: { code?: number }) => {
    if (error.code !== 4900) throw new Error(`a server-side action rejected without code 4900: ${error}`)
  },
)

/** Mistakes the published types catch (never called). */
export function rejectedByTheTypes(): void {
  // @ts-expect-error projectId is required
  createWalletFramePlugin({ modalUrl: 'https://modal.example/', networks: [baseSepolia] })
  // @ts-expect-error the account ref is read-only
  useWalletFrameAccount().value.status = 'connected'
  // @ts-expect-error the modal state has no such field
  void useWalletFrameState().value.title
}
