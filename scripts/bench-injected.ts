/**
 * The bench's injected-wallet figure: a small EIP-6963 wallet in the bench page, connected through
 * the modal like a user would, then `personal_sign` through the SDK vs on the wallet's provider.
 */
import type { Page } from 'playwright-core'

export const BENCH_WALLET = { rdns: 'dev.walletframe.benchwallet', name: 'Bench Wallet' }
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
/** A fixed 65-byte signature: the wallet answers locally, with no network and no prompt. */
const SIGNATURE = `0x${'11'.repeat(65)}`

/** The wallet's page script: it must run before the SDK's, as an extension's content script does. */
export function benchWalletScript(chainId: number): string {
  const info = {
    uuid: '6f1f4a52-8d0e-4b4e-9a57-1c1c1f0bbe11',
    name: BENCH_WALLET.name,
    icon: "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'/>",
    rdns: BENCH_WALLET.rdns,
  }
  const answers = {
    eth_requestAccounts: [ADDRESS],
    eth_accounts: [ADDRESS],
    eth_chainId: `0x${chainId.toString(16)}`,
    personal_sign: SIGNATURE,
    wallet_revokePermissions: null,
  }
  return `(() => {
    const answers = ${JSON.stringify(answers)};
    const provider = {
      async request({ method }) {
        if (method in answers) return answers[method];
        throw Object.assign(new Error('Unsupported method'), { code: 4200 });
      },
      on() {},
      removeListener() {},
    };
    window.benchWallet = provider;
    const detail = Object.freeze({ info: Object.freeze(${JSON.stringify(info)}), provider });
    const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
    window.addEventListener('eip6963:requestProvider', announce);
    announce();
  })();`
}

/** Connects the bench wallet through the modal: `wf.connect()`, then its row inside the modal frame. */
async function connectBenchWallet(page: Page): Promise<string | undefined> {
  const connected = page.evaluate('window.wf.connect()')
  await page
    .frameLocator('iframe[title="WalletFrame"]')
    .getByRole('button', { name: /Bench Wallet/ })
    .click()
  await connected
  // The modal reports the connector in account.changed; from then on the SDK goes direct.
  await page.waitForFunction(`window.wf.getAccount().connectorId === ${JSON.stringify(BENCH_WALLET.rdns)}`)
  return page.evaluate<string | undefined>('window.wf.getAccount().connectorId')
}

/** `personal_sign` through the SDK vs on the wallet's own provider, interleaved. */
export async function injectedRequestOverhead(
  page: Page,
  count: number,
): Promise<{ sdk: number[]; raw: number[]; connectorId: string | undefined }> {
  const connectorId = await connectBenchWallet(page)
  const timings = await page.evaluate<{ sdk: number[]; raw: number[] }>(`(async () => {
    const args = { method: 'personal_sign', params: ['0x68656c6c6f', ${JSON.stringify(ADDRESS)}] };
    await window.wf.request(args);
    const sdk = [], raw = [];
    for (let i = 0; i < ${count}; i++) {
      let start = performance.now();
      await window.wf.request(args);
      sdk.push(performance.now() - start);
      start = performance.now();
      await window.benchWallet.request(args);
      raw.push(performance.now() - start);
    }
    return { sdk, raw };
  })()`)
  return { ...timings, connectorId }
}
