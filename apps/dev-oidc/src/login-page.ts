/**
 * The dev provider's login page: plain HTML forms, no script, one labelled button per listed user,
 * a field for any other user name, and Cancel (the provider answers `access_denied`). Written for
 * people and for Playwright alike (`getByRole('button', { name: 'Sign in as Alice' })`).
 */
import { WALLETFRAME_NAME } from '@walletframe/protocol'
import type { DevAccount } from './accounts.ts'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

export interface LoginPageInput {
  uid: string
  providerLabel: string
  clientName: string
  accounts: DevAccount[]
  error?: string
}

export function loginPage(input: LoginPageInput): string {
  const action = `/interaction/${encodeURIComponent(input.uid)}`
  const users = input.accounts
    .map(
      (entry) =>
        `<li><button type="submit" name="username" value="${escapeHtml(entry.username)}">Sign in as ${escapeHtml(entry.name)}</button> <span>${escapeHtml(entry.email)}</span></li>`,
    )
    .join('')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sign in with ${escapeHtml(input.providerLabel)} (dev)</title>
<style>body{font-family:system-ui,sans-serif;max-width:30rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
ul{list-style:none;padding:0}li{margin:.5rem 0}button{font:inherit;padding:.4rem .8rem}
.error{color:#b00020}small{color:#555}</style></head>
<body><main>
<h1>Sign in with ${escapeHtml(input.providerLabel)}</h1>
<p><small>${WALLETFRAME_NAME}'s local stand-in for ${escapeHtml(input.providerLabel)}; no real account is used.</small></p>
<p>${escapeHtml(input.clientName)} asks to know who you are.</p>
${input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''}
<form method="post" action="${action}/login" aria-label="Test users"><ul>${users}</ul></form>
<form method="post" action="${action}/login" aria-label="Another user">
<label for="username">User name</label>
<input id="username" name="username" autocomplete="off" pattern="[a-z0-9][a-z0-9._\\-]{0,31}" required>
<button type="submit">Sign in</button>
</form>
<form method="post" action="${action}/abort"><button type="submit">Cancel</button></form>
</main></body></html>`
}

export function messagePage(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:30rem;margin:2rem auto"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>`
}
