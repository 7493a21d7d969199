/**
 * The NFTs tab, derived from the loaded history's NFT transfers (the data API has no NFT listing):
 * on the connected chain, the newest transfer of each token says whether the account still holds
 * it; spam collections are hidden (spec §5).
 */
import type { Transaction } from '@walletframe/protocol'
import { isInlineImage } from '../../../ui/inline-image.ts'

export interface NftHolding {
  key: string
  name: string
  tokenId: string
  imageUrl?: string
}

export function nftHoldings(transactions: readonly Transaction[], caipNetworkId: string): NftHolding[] {
  const newestFirst = transactions
    .filter((t) => t.metadata.chain === caipNetworkId)
    .map((t) => ({ t, at: Date.parse(t.metadata.minedAt) }))
    .sort((a, b) => b.at - a.at)
  const decided = new Set<string>()
  const held: NftHolding[] = []
  for (const { t } of newestFirst) {
    for (const transfer of t.transfers) {
      const nft = transfer.nft_info
      if (!nft) continue
      const key = `${nft.name}#${nft.token_id}`
      if (decided.has(key)) continue
      decided.add(key)
      if (nft.flags.is_spam || transfer.direction === 'out') continue
      // Inline artwork only: a remote one is the NFT creator's tracker (anyone can send the user an NFT).
      const preview = nft.content?.preview?.url
      const imageUrl = isInlineImage(preview) ? preview : undefined
      held.push({ key, name: nft.name, tokenId: nft.token_id, ...(imageUrl ? { imageUrl } : {}) })
    }
  }
  return held.sort((a, b) => a.name.localeCompare(b.name) || Number(a.tokenId) - Number(b.tokenId))
}
