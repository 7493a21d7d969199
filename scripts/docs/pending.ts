/**
 * The one list of things the docs show that this branch does not have yet (issue 13: other
 * branches build them at the same time). A block that imports one of these modules, or uses one of
 * these custom elements, is skipped with the reason given; everything else in the docs is checked.
 * The coordinator empties this list at merge; a test fails as soon as an entry exists, so the list
 * cannot outlive its reason.
 */
export const PENDING: readonly { name: string; kind: 'module' | 'element'; reason: string }[] = [
  { name: '@walletframe/react', kind: 'module', reason: 'packages/react, issue 13 point 4 (branch i13-react)' },
  { name: '@walletframe/vue', kind: 'module', reason: 'packages/vue, issue 13 point 4 (branch i13-vue)' },
  { name: '@walletframe/wagmi', kind: 'module', reason: 'packages/wagmi, issue 13 point 3 (branch i13-wagmi)' },
  { name: 'vue', kind: 'module', reason: 'a dependency of packages/vue (branch i13-vue)' },
  { name: '@wagmi/core', kind: 'module', reason: 'a peer dependency of packages/wagmi (branch i13-wagmi)' },
  { name: 'wagmi', kind: 'module', reason: 'examples/vite-wagmi (branch i13-wagmi)' },
  { name: '@tanstack/react-query', kind: 'module', reason: 'wagmi’s React peer, examples/vite-wagmi (branch i13-wagmi)' },
  { name: 'walletframe-button', kind: 'element', reason: 'the custom element, issue 13 point 5 (branch i13-vue)' },
]

export const pendingModule = (specifier: string) =>
  PENDING.find((entry) => entry.kind === 'module' && (specifier === entry.name || specifier.startsWith(`${entry.name}/`)))
