import { TIME } from '@walletframe/protocol'
import { useEffect, useState } from 'react'

const secondsLeft = (sentAt: number | undefined) =>
  sentAt === undefined ? 0 : Math.max(0, Math.ceil((sentAt + TIME.emailLoginCooldownMs - Date.now()) / 1000))

/** Whole seconds left of spec §5's email cooldown since `sentAt`, ticking down to 0. */
export function useCooldownSeconds(sentAt: number | undefined): number {
  const [seconds, setSeconds] = useState(() => secondsLeft(sentAt))
  useEffect(() => {
    setSeconds(secondsLeft(sentAt))
    const timer = setInterval(() => setSeconds(secondsLeft(sentAt)), 1000)
    return () => clearInterval(timer)
  }, [sentAt])
  return seconds
}
