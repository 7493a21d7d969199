/**
 * The hosted checkout page: the order (amount, fees, what arrives, where), a card form, and the
 * outcome. Plain HTML and CSS with no script (the page's CSP allows none), light or dark after the
 * browser's preference; labelled for people and for Playwright alike.
 */
import { SANDBOX_TEST_CARDS } from '@walletframe/protocol'
import type { Order } from './orders.ts'
import { formatCents, formatCrypto } from './pricing.ts'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

const STYLE = `
:root{color-scheme:light dark;--bg:#f3f4f8;--card:#fff;--text:#16181d;--muted:#5d6270;--line:#e2e4ea;
--accent:#3b5bdb;--accent-text:#fff;--field:#fff;--error:#b42318;--error-bg:#fdecea;--ok:#067647;--ok-bg:#e7f6ee;
--badge:#fff4d6;--badge-text:#7a4f00}
@media (prefers-color-scheme:dark){:root{--bg:#101114;--card:#1b1d22;--text:#eceef2;--muted:#9aa0ad;
--line:#2c2f36;--accent:#5c7cfa;--field:#14161a;--error:#ff8a80;--error-bg:#3a1d1d;--ok:#6ce9a6;--ok-bg:#173326;
--badge:#3d3217;--badge-text:#ffd479}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:var(--bg);color:var(--text);font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;
display:flex;align-items:flex-start;justify-content:center;padding:32px 16px}
main{width:100%;max-width:420px;background:var(--card);border:1px solid var(--line);border-radius:16px;padding:24px;
box-shadow:0 8px 30px rgba(0,0,0,.08)}
header{display:flex;align-items:center;justify-content:space-between;margin-bottom:20px}
.brand{display:flex;align-items:center;gap:10px;font-weight:650;font-size:17px}
.logo{width:28px;height:28px;border-radius:8px;background:linear-gradient(135deg,var(--accent),#22b8cf)}
.badge{font-size:11px;font-weight:700;letter-spacing:.06em;text-transform:uppercase;background:var(--badge);
color:var(--badge-text);padding:3px 8px;border-radius:999px}
h1{font-size:20px;margin:0 0 4px}
.lead{color:var(--muted);margin:0 0 16px}
dl{margin:0 0 20px;border:1px solid var(--line);border-radius:12px;padding:4px 14px}
dl div{display:flex;justify-content:space-between;gap:12px;padding:9px 0;border-bottom:1px solid var(--line)}
dl div:last-child{border-bottom:0}
dt{color:var(--muted)}dd{margin:0;text-align:right;font-variant-numeric:tabular-nums;word-break:break-all}
.total dd,.total dt{font-weight:650;color:var(--text)}
.receive dd{font-weight:650;color:var(--ok)}
.mono{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:13px}
label{display:block;font-size:13px;font-weight:600;margin:0 0 6px}
input{width:100%;font:inherit;padding:11px 12px;border-radius:10px;border:1px solid var(--line);background:var(--field);
color:var(--text)}
input:focus{outline:2px solid var(--accent);outline-offset:1px}
.field{margin-bottom:14px}.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.hint{color:var(--muted);font-size:12px;margin:4px 0 0}
.field-error{color:var(--error);font-size:12px;margin:4px 0 0}
button{width:100%;font:inherit;font-weight:650;padding:12px;border:0;border-radius:10px;background:var(--accent);
color:var(--accent-text);cursor:pointer;margin-top:6px}
.alert{border-radius:10px;padding:12px 14px;margin:0 0 16px;font-weight:600}
.alert.error{background:var(--error-bg);color:var(--error)}
.alert.ok{background:var(--ok-bg);color:var(--ok)}
footer{margin-top:18px;color:var(--muted);font-size:12px;text-align:center}`

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · Sandbox Pay</title><style>${STYLE}</style></head>
<body><main>
<header><span class="brand"><span class="logo" aria-hidden="true"></span>Sandbox Pay</span><span class="badge">Sandbox</span></header>
${body}
<footer>A stand-in for a fiat payment provider: no real card is charged and no real money moves.</footer>
</main></body></html>`
}

function summary(order: Order): string {
  const price = order.price
  const fiat = (cents: bigint) => `${formatCents(cents)} ${escapeHtml(order.fiatCurrency)}`
  const rows = price
    ? `<div><dt>Amount</dt><dd data-testid="checkout-amount">${fiat(price.amountCents)}</dd></div>
<div><dt>Processing fee</dt><dd>${fiat(price.processingFeeCents)}</dd></div>
<div><dt>Network fee</dt><dd>${fiat(price.networkFeeCents)}</dd></div>
<div class="total"><dt>Total</dt><dd data-testid="checkout-total">${fiat(price.totalCents)}</dd></div>
<div class="receive"><dt>You receive</dt><dd data-testid="checkout-receive">${formatCrypto(price.cryptoWei)} ${escapeHtml(order.cryptoCurrency)}</dd></div>`
    : ''
  return `<dl aria-label="Order">${rows}
<div><dt>Network</dt><dd>${escapeHtml(order.network.name)}</dd></div>
<div><dt>Wallet</dt><dd class="mono" data-testid="checkout-wallet">${escapeHtml(order.walletAddress)}</dd></div></dl>`
}

export interface FormState {
  /** The decline or delivery failure of the last attempt. */
  alert?: string
  fieldErrors?: Partial<Record<'amount' | 'cardNumber' | 'expiry' | 'cvc', string>>
  values?: Partial<Record<'amount' | 'cardNumber' | 'expiry' | 'cvc', string>>
}

export function checkoutPage(order: Order, state: FormState = {}): string {
  const value = (name: keyof NonNullable<FormState['values']>) => escapeHtml(state.values?.[name] ?? '')
  const error = (name: keyof NonNullable<FormState['fieldErrors']>) => {
    const text = state.fieldErrors?.[name]
    return text ? `<p class="field-error" id="${name}-error">${escapeHtml(text)}</p>` : ''
  }
  const described = (name: keyof NonNullable<FormState['fieldErrors']>) =>
    state.fieldErrors?.[name] ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''
  const amountField = order.price
    ? ''
    : `<div class="field"><label for="amount">Amount (${escapeHtml(order.fiatCurrency)})</label>
<input id="amount" name="amount" inputmode="decimal" required value="${value('amount')}"${described('amount')}>${error('amount')}</div>`
  const pay = order.price
    ? `Pay ${formatCents(order.price.totalCents)} ${escapeHtml(order.fiatCurrency)}`
    : 'Pay'
  return page(
    'Checkout',
    `<h1>Buy ${escapeHtml(order.cryptoCurrency)}</h1>
<p class="lead">Pay by card; the ${escapeHtml(order.cryptoCurrency)} is sent to your wallet at once.</p>
${state.alert ? `<p class="alert error" role="alert" data-testid="checkout-decline">${escapeHtml(state.alert)}</p>` : ''}
${summary(order)}
<form method="post" aria-label="Card payment" novalidate>
${amountField}
<div class="field"><label for="cardNumber">Card number</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required value="${value('cardNumber')}"${described('cardNumber')}>
${error('cardNumber') || `<p class="hint">Test card ${SANDBOX_TEST_CARDS.success.replace(/(\d{4})(?=\d)/g, '$1 ')}, any future date and CVC.</p>`}</div>
<div class="row"><div class="field"><label for="expiry">Expiry (MM/YY)</label>
<input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12/34" required value="${value('expiry')}"${described('expiry')}>${error('expiry')}</div>
<div class="field"><label for="cvc">CVC</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required value="${value('cvc')}"${described('cvc')}>${error('cvc')}</div></div>
<button type="submit">${pay}</button>
</form>`,
  )
}

export function completedPage(order: Order): string {
  return page(
    'Payment complete',
    `<h1>Payment complete</h1>
<p class="alert ok" role="status" data-testid="checkout-success">${order.price ? formatCrypto(order.price.cryptoWei) : ''} ${escapeHtml(order.cryptoCurrency)} is on its way to your wallet.</p>
${summary(order)}
<p class="lead">Transaction <span class="mono" data-testid="checkout-tx">${escapeHtml(order.transactionHash ?? '')}</span></p>
<p class="lead">You can close this window and return to your wallet.</p>`,
  )
}

export function messagePage(title: string, text: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p class="lead" role="alert">${escapeHtml(text)}</p>`)
}
