import { useSearchParams } from 'react-router';
import { ROADMAP } from '../../../lib/roadmap';
import { ComingSoonPanel } from '../../../lib/ui/ComingSoonPanel';

const TABS: Readonly<Record<string, string>> = { balance: 'Balance', history: 'History' };

export function WalletPage() {
  const [searchParams] = useSearchParams();
  const tab = TABS[searchParams.get('tab') ?? 'balance'] ?? 'Balance';
  return (
    <ComingSoonPanel
      capability={ROADMAP.evmWallet}
      plans={[
        'Balance tab: TLOS, staked and wrapped TLOS and your ERC-20 tokens, with fiat value and a price chart.',
        'History tab: your sends, receives, swaps and contract calls, newest first.',
        'Start sending and receiving from here.',
      ]}
    >
      <p className="coming-soon__context">You opened the {tab} tab.</p>
    </ComingSoonPanel>
  );
}
