import { ApiError } from '../../../lib/api/client';
import { useSignedInEvmScreen } from '../../../lib/evm-screen/evmScreen';
import { registerEvmTexts } from '../../../lib/i18n/evm';
import { registerStakingTexts } from '../../../lib/i18n/staking';
import { useStakingOverview } from '../api/overview';
import { useStakingYield } from '../api/stakingYield';
import { AccountStakingSection } from './AccountStakingSection';
import { StakingFigures } from './StakingFigures';
import './staking.css';

registerEvmTexts();
registerStakingTexts();

/** /evm/staking: stake TLOS for STLOS, unstake into the escrow, withdraw what has unlocked (spec §2, §4). */
export function StakingPage() {
  const { network, account, canSign, isViewer } = useSignedInEvmScreen();
  const overview = useStakingOverview(network.name);
  const stakingYield = useStakingYield(network.name);
  // Without staking contracts there is no position to read; the figures card says so.
  const notConfigured = overview.error instanceof ApiError && overview.error.code === 'evm.staking_not_configured';
  return (
    <div className="staking-grid">
      <StakingFigures networkName={network.displayName} overview={overview} stakingYield={stakingYield} />
      {!notConfigured && <AccountStakingSection network={network} account={account} overview={overview.data} canSign={canSign} isViewer={isViewer} />}
    </div>
  );
}
