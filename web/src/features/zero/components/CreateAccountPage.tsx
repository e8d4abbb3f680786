import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { NetworkSummary } from '../../../lib/networks/api/networks';
import { notify } from '../../../lib/notify/notify';
import { useNativeAccount } from '../api/account';
import { NATIVE_QUERY_ROOT } from '../api/nativeApi';
import { useRamCost } from '../api/ramCost';
import { assetView, canAfford, creationCost, NEW_ACCOUNT_RAM_BYTES, newAccountActions } from '../model/createAccount';
import type { FixedAmount } from '../../../lib/amount/fixedAmount';
import { isDevWalletAllowed } from '../model/devWallet';
import { transactionLink } from '../model/explorer';
import { keepDevWalletKey } from '../model/devWalletKey';
import { nativeSessionStore, DEFAULT_PERMISSION, type NativeSession, type NativeSigner } from '../model/nativeSession';
import type { FuelPreference } from '../model/sponsorDecision';
import type { ResourceShortage, SponsorFailure } from '../model/sponsorFailure';
import { transactionSteps } from '../model/transactionSteps';
import { runSelfPaid, runTransfer, type SponsoredAnswer, type TransferStage } from '../model/transferFlow';
import { transactionFailure } from '../model/walletRefusal';
import type { GeneratedKeyPair } from '../signing/keyPair';
import { KeyStep, NameStep } from './CreateAccountSteps';
import { SponsorFailedPanel, TransferFailedPanel, WalletRefusedNote } from './SelfPayPanels';
import { SignInPanel } from './SignInPanel';
import { SponsorConfirmation } from './SponsorConfirmation';
import { useExactAsset } from './useExactAsset';
import { useZero } from './zeroContext';

interface Ready {
  name: string;
  keys: GeneratedKeyPair;
}
type Step =
  | { kind: 'name'; name: string }
  | { kind: 'key'; name: string }
  /** `refused`: the wallet was asked and the user rejected the transaction. */
  | ({ kind: 'review'; refused?: boolean } & Ready)
  | ({ kind: 'working'; stage: TransferStage } & Ready)
  | ({ kind: 'fee'; answer: SponsoredAnswer } & Ready)
  | ({ kind: 'sponsor-failed'; failure: SponsorFailure } & Ready)
  | ({ kind: 'failed'; message: string; shortage: ResourceShortage | null } & Ready)
  | ({ kind: 'created' } & Ready);

/** /zero/create-account: a new account, paid for by the signed-in account (issue 15). */
export function CreateAccountPage() {
  const { t } = useTranslation();
  const { session, network, restoring } = useZero();
  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page__header">
        {network !== null && <p className="eyebrow">{network.displayName}</p>}
        <h1 id="page-title" className="page__title">{t('zero.create.title')}</h1>
        <p className="page__lead">{t('zero.create.lead')}</p>
      </header>
      {restoring ? (
        <p className="zero-state" role="status"><span className="spinner" aria-hidden="true" />{t('zero.session.restoring')}</p>
      ) : network === null ? null : session?.network !== network.name ? (
        <>
          <p className="zero-state zero-state--error" role="alert" data-testid="no-creator">{t('zero.create.no_creator')}</p>
          <SignInPanel purpose={t('zero.create.signin_purpose')} />
        </>
      ) : session.signer === null ? (
        <p className="zero-state zero-state--error" role="alert" data-testid="creator-cannot-sign">
          {t(session.authenticator === 'viewer' ? 'zero.create.creator_viewer' : session.authenticator === 'cleos' ? 'zero.create.creator_cleos' : 'zero.create.creator_no_wallet', { account: session.account })}
        </p>
      ) : (
        <CreateAccountFlow network={network} session={session} signer={session.signer} />
      )}
    </section>
  );
}

function CreateAccountFlow({ network, session, signer }: { network: NetworkSummary; session: NativeSession; signer: NativeSigner }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const decideFee = useRef<((decision: FuelPreference | null) => void) | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'name', name: '' });
  const symbol = network.systemToken?.symbol ?? 'TLOS';
  const decimals = network.systemToken?.decimals ?? 4;
  // The creation's cost (read the same way as its review), added to the sponsor's fee.
  const ram = useRamCost(network.name, NEW_ACCOUNT_RAM_BYTES);
  const creationTotal = ram.data === undefined ? null : (creationCost(ram.data.cost)?.total ?? null);

  const create = async (ready: Ready, selfPaid = false) => {
    const steps = transactionSteps({
      network: network.name,
      session,
      signer,
      actions: newAccountActions({ creator: session.account, name: ready.name, publicKey: ready.keys.publicKey, symbol, decimals }),
      confirmSponsored: (answer) =>
        new Promise((resolve) => {
          decideFee.current = resolve;
          setStep({ kind: 'fee', answer, ...ready });
        }),
      onStage: (stage) => { setStep({ kind: 'working', stage, ...ready }); },
    });
    try {
      const outcome = await (selfPaid ? runSelfPaid(steps) : runTransfer(steps));
      decideFee.current = null;
      if (outcome.kind === 'cancelled') {
        notify.neutral({ key: 'notify.cancelled_transaction' });
        setStep({ kind: 'review', ...ready });
        return;
      }
      void queryClient.invalidateQueries({ queryKey: [NATIVE_QUERY_ROOT, network.name] });
      notify.success({ key: 'zero.create.created_toast', values: { name: ready.name } }, transactionLink(network.explorerUrl, outcome.transactionId));
      setStep({ kind: 'created', ...ready });
    } catch (error) {
      decideFee.current = null;
      const failure = transactionFailure(error);
      if (failure.kind === 'refused') {
        notify.neutral({ key: 'wallet.error.USER_REJECTED' });
        setStep({ kind: 'review', refused: true, ...ready });
      } else {
        setStep({ ...failure, ...ready });
      }
    }
  };

  /** The devnet's development wallet signs in with the new key at once; elsewhere the user imports it into a wallet. */
  const signInAsNew = (ready: Ready) => {
    void import('../signing/devWalletSigner').then(({ devWalletSigner }) => {
      const newSigner = devWalletSigner(network, ready.keys.privateKey, ready.name, DEFAULT_PERMISSION);
      keepDevWalletKey(ready.keys.privateKey);
      nativeSessionStore.start({ network: network.name, account: ready.name, permission: DEFAULT_PERMISSION, authenticator: 'devkey', signer: newSigner });
      void navigate('/zero/balance');
    });
  };

  const ready: Ready | null = 'keys' in step ? { name: step.name, keys: step.keys } : null;
  return (
    <section className="card zero-card zero-create" aria-labelledby="zero-create-title">
      <h2 id="zero-create-title" className="zero-card__title">
        {t('zero.create.step_title', { creator: session.account })}
      </h2>
      <ol className="zero-steps" aria-label={t('zero.create.steps')}>
        {(['name', 'key', 'review'] as const).map((name, index) => (
          <li key={name} aria-current={stepGroup(step.kind) === name ? 'step' : undefined}>{t(`zero.create.step_${name}`, { number: index + 1 })}</li>
        ))}
      </ol>
      {step.kind === 'name' && <NameStep network={network.name} networkName={network.displayName} initial={step.name} onChosen={(name) => { setStep({ kind: 'key', name }); }} />}
      {step.kind === 'key' && <KeyStep onBackedUp={(keys) => { setStep({ kind: 'review', name: step.name, keys }); }} onBack={() => { setStep({ kind: 'name', name: step.name }); }} />}
      {ready !== null && step.kind !== 'created' && (
        <CostReview network={network} creator={session.account} ready={ready} symbol={symbol}
          onCreate={step.kind === 'review' ? () => void create(ready) : null} onBack={() => { setStep({ kind: 'name', name: ready.name }); }} />
      )}
      {step.kind === 'review' && step.refused === true && <WalletRefusedNote next={t('zero.create.refused_next', { name: step.name })} />}
      {step.kind === 'working' && (
        <p className="zero-state" role="status"><span className="spinner" aria-hidden="true" />{t(`zero.transfer.stage.${step.stage}`)}</p>
      )}
      {step.kind === 'fee' && <SponsorConfirmation answer={step.answer} systemSymbol={symbol}
        payer={{ network: network.name, account: session.account, spent: creationTotal }} onDecide={(decision) => { decideFee.current?.(decision); }} />}
      {step.kind === 'sponsor-failed' && ready !== null && (
        <SponsorFailedPanel failure={step.failure} network={network.name} account={session.account} symbol={symbol}
          onSelfPay={() => void create(ready, true)} onRetry={() => void create(ready)} onClose={() => { setStep({ kind: 'review', ...ready }); }} />
      )}
      {step.kind === 'failed' && ready !== null && (
        <TransferFailedPanel title={t('zero.create.failed')} message={step.message} shortage={step.shortage} symbol={symbol}
          onRetry={() => { setStep({ kind: 'review', ...ready }); }} onClose={() => { setStep({ kind: 'name', name: '' }); }} />
      )}
      {step.kind === 'created' && ready !== null && (
        <div className="zero-state" role="status" data-testid="account-created">
          <p><strong>{t('zero.create.created', { name: ready.name, network: network.displayName })}</strong></p>
          {isDevWalletAllowed(network) ? (
            <button type="button" className="button button--primary" onClick={() => { signInAsNew(ready); }}>{t('zero.create.sign_in_new', { name: ready.name })}</button>
          ) : (
            <p>{t('zero.create.import_key', { name: ready.name })}</p>
          )}
        </div>
      )}
    </section>
  );
}

function stepGroup(kind: Step['kind']): 'name' | 'key' | 'review' {
  if (kind === 'name' || kind === 'key') return kind;
  return 'review';
}

/** Step 3: the name, the key, and what the creator pays, before anything is signed. */
function CostReview({ network, creator, ready, symbol, onCreate, onBack }: {
  network: NetworkSummary;
  creator: string;
  ready: Ready;
  symbol: string;
  onCreate: (() => void) | null;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const exact = useExactAsset();
  const ram = useRamCost(network.name, NEW_ACCOUNT_RAM_BYTES);
  const account = useNativeAccount(network.name, creator);
  const cost = ram.data === undefined ? null : creationCost(ram.data.cost);
  const liquid = account.data?.liquid ?? null;
  const affordable = cost !== null && canAfford(liquid, cost.total);
  const asset = (amount: FixedAmount) => exact(assetView(amount, symbol));
  return (
    <div className="zero-signin__form">
      <dl className="zero-facts" aria-label={t('zero.create.summary')}>
        <div className="zero-facts__row"><dt>{t('zero.create.new_account')}</dt><dd className="zero-mono">{ready.name}</dd></div>
        <div className="zero-facts__row"><dt>{t('zero.create.paid_by')}</dt><dd>{creator}</dd></div>
        <div className="zero-facts__row zero-facts__row--block"><dt>{t('zero.create.owner_active')}</dt><dd><code className="address">{ready.keys.publicKey}</code></dd></div>
        {cost === null ? (
          <div className="zero-facts__row"><dt>{t('zero.create.cost')}</dt><dd>{ram.isError ? t('zero.create.cost_failed') : t('zero.create.cost_loading')}</dd></div>
        ) : (
          <>
            <div className="zero-facts__row"><dt>{t('zero.create.ram', { bytes: NEW_ACCOUNT_RAM_BYTES })}</dt><dd className="zero-mono">{asset(cost.ram)}</dd></div>
            <div className="zero-facts__row"><dt>{t('zero.create.cpu')}</dt><dd className="zero-mono">{asset(cost.cpu)}</dd></div>
            <div className="zero-facts__row"><dt>{t('zero.create.net')}</dt><dd className="zero-mono">{asset(cost.net)}</dd></div>
            <div className="zero-facts__row zero-facts__row--total"><dt>{t('zero.create.total')}</dt><dd className="zero-mono" data-testid="creation-total">{asset(cost.total)}</dd></div>
          </>
        )}
        <div className="zero-facts__row"><dt>{t('zero.create.creator_balance', { creator })}</dt><dd className="zero-mono">{account.isPending ? t('zero.create.balance_loading') : liquid === null ? `0 ${symbol}` : exact(liquid)}</dd></div>
      </dl>
      {cost !== null && account.data !== undefined && !affordable && (
        <p className="zero-field__error" role="alert" data-testid="too-poor">
          {t('zero.create.balance_too_low', { creator, cost: asset(cost.total), balance: liquid === null ? `0 ${symbol}` : exact(liquid) })}
        </p>
      )}
      {ram.isError && <p className="zero-field__error" role="alert">{t('zero.create.cost_failed_next')}</p>}
      {onCreate !== null && (
        <div className="button-row">
          <button type="button" className="button button--primary" disabled={!affordable} onClick={onCreate}>{t('zero.create.create')}</button>
          <button type="button" className="button button--secondary" onClick={onBack}>{t('zero.create.change_name')}</button>
        </div>
      )}
    </div>
  );
}
