import { useSignedInEvmScreen } from '../../../lib/evm-screen/evmScreen';
import { registerEvmTexts } from '../../../lib/i18n/evm';
import { registerWrapTexts } from '../../../lib/i18n/wrap';
import { WrapPanel } from './WrapPanel';
import './wrap.css';

registerEvmTexts();
registerWrapTexts();

/** /evm/wrap: wrap TLOS into WTLOS and unwrap it again (spec §2, §7 "wrap and unwrap the system token"). */
export function WrapPage() {
  const { network, account, canSign, isViewer } = useSignedInEvmScreen();
  return <WrapPanel network={network} account={account} canSign={canSign} isViewer={isViewer} />;
}
