import { useTranslation } from 'react-i18next';
import { rawErrorText } from '../../../lib/notify/errorText';
import { notify } from '../../../lib/notify/notify';
import { DemoCase, DemoFrame } from '../../../lib/ui/DemoFrame';
import { classifyWalletError, reportWalletError } from '../../../lib/wallet/walletErrors';
import { SAMPLE_SEND_ERRORS } from '../model/sendErrors';

const OUTCOME_LABEL = { cancelled: 'Neutral message', failed: 'Failure message', unknown: 'General EVM wallet error' } as const;

/** /demos/send-errors: every send error of spec §8 through the real classification, and its toast on demand. */
export function SendErrorsDemo() {
  const { t } = useTranslation();
  return (
    <DemoFrame path="send-errors">
      <div className="demo-cases">
        {SAMPLE_SEND_ERRORS.map(({ label, error }) => {
          const classified = classifyWalletError(error);
          return (
            <DemoCase key={label} title={label}>
              <p className="badge">{OUTCOME_LABEL[classified.outcome]}</p>
              <p data-testid="send-error-text">
                {t(classified.message)}
                {classified.outcome === 'cancelled' ? '' : ` (${classified.payload})`}
              </p>
              <details>
                <summary>{t('notify.see_details')}</summary>
                <pre className="demo-raw">{rawErrorText(error)}</pre>
              </details>
              <button type="button" className="button button--secondary button--small" onClick={() => { reportWalletError(error, notify); }}>
                Show as notification
              </button>
            </DemoCase>
          );
        })}
      </div>
    </DemoFrame>
  );
}
