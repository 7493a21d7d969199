import type { CaughtMail } from './catcher.ts'
import { escapeHtml } from './html.ts'

/** The inbox as one HTML page, newest first; the text part only (mail HTML is not rendered here). */
export function inboxPage(mails: readonly CaughtMail[]): string {
  const rows = mails.map(
    (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p class="meta">to ${escapeHtml(mail.to.join(', '))} · ${escapeHtml(mail.receivedAt)}</p>
  ${mail.code ? `<p class="code">${mail.code}</p>` : ''}
  ${mail.link ? `<p><a href="${escapeHtml(mail.link)}">${escapeHtml(mail.link)}</a></p>` : ''}
  <pre>${escapeHtml(mail.text)}</pre>
</article>`,
  )
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dev inbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:720px;margin:2rem auto;padding:0 1rem}
article{border-bottom:1px solid #ddd;padding:1rem 0}.meta{color:#666}.code{font-size:2rem;letter-spacing:.4rem;font-weight:bold}
pre{white-space:pre-wrap}</style></head>
<body><h1>Dev inbox (${mails.length})</h1>${rows.join('\n') || '<p>No messages yet.</p>'}</body></html>`
}
