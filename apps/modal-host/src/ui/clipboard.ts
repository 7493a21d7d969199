import { UI_MESSAGES } from '@walletframe/protocol'

/** Copies text and says so in a toast; a refused clipboard is a toast too, never a thrown error. */
export async function copyText(
  text: string,
  done: string,
  toast: (variant: 'success' | 'error', message: string) => void,
): Promise<void> {
  try {
    await navigator.clipboard.writeText(text)
    toast('success', done)
  } catch {
    toast('error', UI_MESSAGES.somethingWentWrong)
  }
}
