/**
 * The upgrade an approval carries (approval/describe-eip7702-upgrade.ts), shown above what will be
 * signed: the user learns that the account becomes a smart account, and to which code, first.
 */
import type { RequestDescription } from '../../approval/describe-request.ts'

export function Eip7702UpgradeNotice({ description }: { description: RequestDescription }) {
  const upgrade = 'eip7702Upgrade' in description ? description.eip7702Upgrade : undefined
  if (!upgrade) return null
  return (
    <div class="field upgrade" role="note">
      <div class="field-label">Smart account upgrade</div>
      <div class="field-value">{upgrade.statement}</div>
      {upgrade.replaces && <div class="field-value warn">{upgrade.replaces.statement}</div>}
    </div>
  )
}
