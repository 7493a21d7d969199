import type { ReactElement } from 'react'
import { useSession, useSessionState } from '../../session/use-session.ts'
import { Spinner } from '../../shell/icons.tsx'
import { useSentinel } from '../../shell/use-sentinel.ts'
import { useActivity } from '../activity/use-activity.ts'
import { TokenIcon } from '../tokens/TokenIcon.tsx'
import { nftHoldings } from './nft-holdings.ts'

export function NftsPanel(): ReactElement {
  const session = useSession()
  const activity = useActivity()
  const chain = useSessionState((s) => `eip155:${s.account.chainId ?? 0}`)
  const sentinel = useSentinel<HTMLDivElement>(
    () => void session.accountData()?.loadActivity(),
    activity.state === 'loaded' && activity.next !== null,
  )
  const held = nftHoldings(activity.transactions, chain)
  if (activity.state === 'idle' || (activity.state === 'loading' && held.length === 0))
    return (
      <div className="wf-center wf-panel-loading">
        <Spinner size={20} />
      </div>
    )
  return (
    <div>
      {held.length === 0 ? (
        <div className="wf-empty">
          <p className="wf-empty-title">No NFTs yet</p>
        </div>
      ) : (
        <ul className="wf-nft-grid" aria-label="NFTs">
          {held.map((nft) => (
            <li key={nft.key} className="wf-nft" data-testid="nft">
              <span className="wf-nft-image">
                <TokenIcon {...(nft.imageUrl ? { src: nft.imageUrl } : {})} symbol={nft.name} size="fill" />
              </span>
              <span className="wf-nft-name">{nft.name}</span>
              <span className="wf-token-sub">#{nft.tokenId}</span>
            </li>
          ))}
        </ul>
      )}
      <div ref={sentinel} className="wf-sentinel" />
    </div>
  )
}
