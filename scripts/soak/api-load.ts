/**
 * Data API reads for the soak at a steady total `rate`, in turn: an account's balance (served from
 * the API's cache after the first read), a page of its history, and a page of the wallet registry,
 * over the ten funded devnet accounts, as modals of many users would ask.
 */
import { performance } from 'node:perf_hooks'
import { devnetAccounts } from '@walletframe/devnet'
import { API_PATHS, REGISTRY_PATHS } from '@walletframe/protocol'
import { Recorder } from './recorder.ts'

const CLIENT = 'projectId=walletframe-dev&st=soak&sv=0.1.0'

export function startApiLoad(options: { url: string; rate: number; chainId: number }) {
  const chain = `chainId=eip155:${options.chainId}`
  const routes = {
    balance: new Recorder(),
    history: new Recorder(),
    registry: new Recorder(),
  }
  const accounts = devnetAccounts().map((account) => account.address)
  const pathOf = (route: keyof typeof routes, n: number) => {
    const account = accounts[n % accounts.length]!
    if (route === 'balance')
      return `${API_PATHS.balance.replace(':address', account)}?${CLIENT}&${chain}&currency=usd`
    if (route === 'history') return `${API_PATHS.history.replace(':account', account)}?${CLIENT}&${chain}`
    return `${REGISTRY_PATHS.wallets}?${CLIENT}&page=${1 + (n % 3)}&entries=40`
  }
  const names = Object.keys(routes) as Array<keyof typeof routes>
  const read = async (n: number) => {
    const route = names[n % names.length]!
    const recorder = routes[route]
    const started = performance.now()
    try {
      const response = await fetch(`${options.url}${pathOf(route, Math.floor(n / names.length))}`)
      await response.arrayBuffer()
      if (response.ok) recorder.ok(performance.now() - started)
      else recorder.fail(`HTTP ${response.status}`)
    } catch (error) {
      recorder.fail((error as Error).message)
    }
  }

  let sent = 0
  let started = 0
  let timer: NodeJS.Timeout | undefined
  const inFlight = new Set<Promise<void>>()
  return {
    routes,
    start() {
      started = performance.now()
      timer = setInterval(() => {
        const due = Math.floor(((performance.now() - started) / 1000) * options.rate)
        sent = Math.max(sent, due - options.rate / 20)
        for (; sent < due; sent++) {
          const request = read(sent).finally(() => inFlight.delete(request))
          inFlight.add(request)
        }
      }, 10)
    },
    async stop() {
      clearInterval(timer)
      await Promise.all(inFlight)
    },
  }
}
