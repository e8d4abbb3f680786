import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api/client';
import { useCopyText } from '../../../lib/ui/useCopyText';
import { validateAccountName } from '../../../lib/validation/accountName';
import { ACCOUNT_NOT_FOUND, nativeAccountQueryOptions } from '../api/account';
import { BACKUP_CHECK_LENGTH, backupMatches } from '../model/createAccount';
import type { GeneratedKeyPair } from '../signing/keyPair';

/** The value after it stopped changing for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => { setSettled(value); }, ms);
    return () => { clearTimeout(timer); };
  }, [value, ms]);
  return settled;
}

export type NameAvailability = 'invalid' | 'checking' | 'available' | 'taken' | 'unchecked';

/** Spec §5 name rules, then whether the chain already has the name (a 404 means it is free). */
function useNameAvailability(network: string, name: string): NameAvailability {
  const settled = useSettled(name, 350);
  const valid = validateAccountName(settled, 'basic').ok;
  const lookup = useQuery({
    ...nativeAccountQueryOptions(network, settled),
    enabled: valid,
    retry: false,
    refetchInterval: false,
  });
  if (!validateAccountName(name, 'basic').ok) return 'invalid';
  if (settled !== name || lookup.isPending) return 'checking';
  if (lookup.isSuccess) return 'taken';
  return lookup.error instanceof ApiError && lookup.error.code === ACCOUNT_NOT_FOUND ? 'available' : 'unchecked';
}

/** Step 1: a basic name nobody holds, checked as it is typed. */
export function NameStep({ network, networkName, initial, onChosen }: { network: string; networkName: string; initial: string; onChosen: (name: string) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(initial !== '');
  const inputId = useId();
  const status = useNameAvailability(network, name);
  const rule = validateAccountName(name, 'basic');
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setTouched(true);
    if (status === 'available') onChosen(name);
  };
  let message: { text: string; error: boolean } | null = null;
  if (touched && !rule.ok) message = { text: t(rule.error.key, rule.error.values ?? {}), error: true };
  else if (status === 'checking' && name !== '') message = { text: t('zero.create.checking_name'), error: false };
  else if (status === 'taken') message = { text: t('zero.create.name_taken', { name, network: networkName }), error: true };
  else if (status === 'available') message = { text: t('zero.create.name_free', { name }), error: false };
  else if (status === 'unchecked') message = { text: t('zero.create.name_unchecked'), error: true };
  return (
    <form className="zero-signin__form" onSubmit={submit} noValidate>
      <div className="zero-field">
        <label htmlFor={inputId}>{t('zero.create.name')}</label>
        <input className="input" id={inputId} value={name} autoComplete="off" spellCheck={false} maxLength={12}
          aria-invalid={message?.error === true} aria-describedby={`${inputId}-status`}
          onChange={(event) => { setName(event.target.value.trim()); setTouched(true); }} />
        <p className="zero-muted">{t('zero.create.name_rules')}</p>
        <p id={`${inputId}-status`} className={message?.error === true ? 'zero-field__error' : 'zero-muted'} role="status" data-testid="name-status">
          {message?.text ?? ''}
        </p>
      </div>
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={status !== 'available'}>{t('zero.create.continue')}</button>
      </div>
    </form>
  );
}

/** Step 2: a warning before the key is shown (spec §5), the key shown once, and its backup checked. */
export function KeyStep({ onBackedUp, onBack }: { onBackedUp: (keys: GeneratedKeyPair) => void; onBack: () => void }) {
  const { t } = useTranslation();
  const [understood, setUnderstood] = useState(false);
  const [keys, setKeys] = useState<GeneratedKeyPair | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [checked, setChecked] = useState(false);
  const ids = { understood: useId(), check: useId() };
  const copy = useCopyText({ key: 'zero.create.copied_private' }, { key: 'zero.create.copy_failed' });
  const reveal = () => {
    void import('../signing/keyPair').then(
      ({ generateKeyPair }) => { setKeys(generateKeyPair()); },
      (error: unknown) => { setFailed(error instanceof Error ? error.message : String(error)); },
    );
  };
  if (keys === null) {
    return (
      <div className="zero-signin__form">
        <div className="zero-warning" role="note">
          <p><strong>{t('zero.create.key_warning_title')}</strong></p>
          <p>{t('zero.create.key_warning')}</p>
        </div>
        <label htmlFor={ids.understood} className="zero-check">
          <input id={ids.understood} type="checkbox" checked={understood} onChange={(event) => { setUnderstood(event.target.checked); }} />
          {t('zero.create.key_understood')}
        </label>
        {failed !== null && <p className="zero-field__error" role="alert">{t('zero.create.key_failed', { message: failed })}</p>}
        <div className="button-row">
          <button type="button" className="button button--primary" disabled={!understood} onClick={reveal}>{t('zero.create.show_keys')}</button>
          <button type="button" className="button button--secondary" onClick={onBack}>{t('zero.create.change_name')}</button>
        </div>
      </div>
    );
  }
  const matches = backupMatches(keys.privateKey, typed);
  return (
    <div className="zero-signin__form">
      <dl className="zero-facts">
        <div className="zero-facts__row zero-facts__row--block">
          <dt>{t('zero.create.public_key')}</dt>
          <dd><code className="address" data-testid="new-public-key">{keys.publicKey}</code></dd>
        </div>
        <div className="zero-facts__row zero-facts__row--block">
          <dt>{t('zero.create.private_key')}</dt>
          <dd><code className="address zero-secret" data-testid="new-private-key">{keys.privateKey}</code></dd>
        </div>
      </dl>
      <p className="zero-warning">{t('zero.create.save_now')}</p>
      <div className="button-row">
        <button type="button" className="button button--secondary button--small" onClick={() => { copy.copy(keys.privateKey); }}>
          {copy.copied ? t('zero.receive.copied') : t('zero.create.copy_private')}
        </button>
      </div>
      <form className="zero-field" onSubmit={(event) => { event.preventDefault(); setChecked(true); if (matches) onBackedUp(keys); }} noValidate>
        <label htmlFor={ids.check}>{t('zero.create.backup_check', { count: BACKUP_CHECK_LENGTH })}</label>
        <input className="input" id={ids.check} value={typed} autoComplete="off" spellCheck={false} aria-invalid={checked && !matches}
          onChange={(event) => { setTyped(event.target.value); setChecked(false); }} />
        {checked && !matches && <p className="zero-field__error" role="alert">{t('zero.create.backup_mismatch', { count: BACKUP_CHECK_LENGTH })}</p>}
        <div className="button-row">
          <button type="submit" className="button button--primary">{t('zero.create.backed_up')}</button>
        </div>
      </form>
    </div>
  );
}
