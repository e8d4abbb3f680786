import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PromptFacts, SignPromptDialog } from '../../../lib/wallet/SignPromptDialog';
import { nativeDevWalletPrompts, type NativeSignRequest } from '../model/devWalletPrompt';
import { NativeActionText } from './NativeActionText';

/**
 * The native development wallet's "sign or reject" window, over the /zero area where
 * every native transaction is signed. Leaving the area answers a prompt still waiting
 * with Reject: no transaction is left waiting for a window that is gone.
 */
export function NativeDevWalletPrompt() {
  const { t } = useTranslation();
  useEffect(() => () => { nativeDevWalletPrompts.rejectAll(); }, []);
  return (
    <SignPromptDialog queue={nativeDevWalletPrompts} lead={(request) => t('zero.dev_wallet.lead', { network: request.network, signer: request.signer })}>
      {(request) => <NativeSignFacts request={request} />}
    </SignPromptDialog>
  );
}

/** The network, the signing account@permission, and each action in words with its contract::action and authorization. */
function NativeSignFacts({ request }: { request: NativeSignRequest }) {
  const { t } = useTranslation();
  const actionsId = useId();
  return (
    <>
      <PromptFacts facts={[
        { label: t('zero.dev_wallet.network'), value: request.network },
        { label: t('zero.dev_wallet.signer'), value: <span className="zero-mono">{request.signer}</span> },
      ]} />
      <h3 id={actionsId} className="zero-sign__heading">{t('zero.dev_wallet.actions', { count: request.actions.length })}</h3>
      <ol className="zero-sign__actions" aria-labelledby={actionsId}>
        {request.actions.map((action, index) => (
          // The order is the transaction's and never changes: an action's place is its identity.
          <li key={index} data-testid="action-to-sign">
            <NativeActionText action={action} mood="asked" />
            <span className="zero-sign__call">
              <code className="zero-mono">{`${action.contract}::${action.action}`}</code>
              {' · '}
              {action.authorization.length === 0
                ? t('zero.dev_wallet.no_authorization')
                : t('zero.dev_wallet.authorized', { authorization: action.authorization.join(', ') })}
            </span>
          </li>
        ))}
      </ol>
    </>
  );
}
