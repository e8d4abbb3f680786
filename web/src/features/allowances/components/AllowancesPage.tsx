import { ROADMAP } from '../../../lib/roadmap';
import { ComingSoonPanel } from '../../../lib/ui/ComingSoonPanel';

export function AllowancesPage() {
  return (
    <ComingSoonPanel
      capability={ROADMAP.allowances}
      plans={[
        'List every ERC-20, ERC-721 and ERC-1155 approval your account has given.',
        'Change an ERC-20 allowance or revoke an approval.',
        'Revoke several approvals in one go, one confirmation at a time.',
      ]}
    />
  );
}
