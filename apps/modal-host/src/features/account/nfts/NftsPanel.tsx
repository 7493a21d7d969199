import type { ReactElement } from 'react'
import { Spinner } from '../../../ui/icons.tsx'
import { awaitingFirstPage, useActivity } from '../activity/use-activity.ts'
import { TokenIcon } from '../tokens/TokenIcon.tsx'
import { nftHoldings } from './nft-holdings.ts'
import '../account.css'
import { useI18n } from '../../../ui/i18n/use-i18n.tsx'

export function NftsPanel(): ReactElement {
  const { activity, chain, sentinel } = useActivity()
  const held = nftHoldings(activity.transactions, chain)
  const { t } = useI18n()
  if (awaitingFirstPage(activity.state, held.length))
    return (
      <div className="wf-center wf-panel-loading">
        <Spinner size={20} />
      </div>
    )
  return (
    <div>
      {held.length === 0 ? (
        <div className="wf-empty">
          <p className="wf-empty-title">{t('account.noNfts')}</p>
        </div>
      ) : (
        <ul className="wf-nft-grid" aria-label={t('account.tab.nfts')}>
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
