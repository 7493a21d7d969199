'use client'
/**
 * `<WalletFrameProvider options={…}>`: gives its children one WalletFrame, created in the browser
 * only. The instance is made in an effect, so nothing runs during server rendering and hydration
 * renders exactly what the server did (the disconnected, closed snapshot). Under `<StrictMode>`
 * React mounts, unmounts and mounts again: the first instance is destroyed (its frame removed)
 * before the second is made, so the page never holds two frames.
 */
import { createWalletFrame, type WalletFrameOptions } from '@walletframe/sdk'
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react'
import { createInstanceHolder, type InstanceHolder } from './holder.ts'

const WalletFrameContext = createContext<InstanceHolder | undefined>(undefined)

export interface WalletFrameProviderProps {
  /**
   * The SDK's options (`createWalletFrame`), read once when the Provider mounts: to apply other
   * options, mount a new Provider (give it a `key`).
   */
  options: WalletFrameOptions
  children?: ReactNode
}

export function WalletFrameProvider({ options, children }: WalletFrameProviderProps) {
  const [holder] = useState(createInstanceHolder)
  const [initialOptions] = useState(options)
  useEffect(() => {
    const instance = createWalletFrame(initialOptions)
    holder.set(instance)
    return () => {
      holder.set(undefined)
      instance.destroy()
    }
  }, [holder, initialOptions])
  return <WalletFrameContext.Provider value={holder}>{children}</WalletFrameContext.Provider>
}

/** The nearest Provider's holder; a hook used outside any Provider is a mistake said plainly. */
export function useInstanceHolder(hook: string): InstanceHolder {
  const holder = useContext(WalletFrameContext)
  if (!holder) throw new Error(`${hook}() must be used inside <WalletFrameProvider>.`)
  return holder
}
