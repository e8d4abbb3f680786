import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { transactionPath } from '../../../lib/navigation/paths';
import { lookupHash } from '../model/transactionDetail';
import './transaction.css';

/** A box to paste a transaction hash into and open its detail; a malformed hash is said so at once. */
export function TransactionLookup() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [input, setInput] = useState('');
  const [error, setError] = useState(false);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const checked = lookupHash(input);
    if (!checked.ok) {
      setError(true);
      return;
    }
    setError(false);
    void navigate(transactionPath(checked.value));
  };

  return (
    <form className="evm-lookup" role="search" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate>
      <h2 id={`${id}-title`} className="evm-lookup__title">
        {t('evm.lookup.title')}
      </h2>
      <div className="evm-lookup__row">
        <label htmlFor={`${id}-hash`} className="visually-hidden">
          {t('evm.lookup.label')}
        </label>
        <input
          id={`${id}-hash`}
          className="input evm-lookup__input"
          value={input}
          placeholder={t('evm.lookup.placeholder')}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setInput(event.target.value);
            if (error) setError(false);
          }}
        />
        <button type="submit" className="button button--secondary button--small">
          {t('evm.lookup.open')}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="evm-lookup__error" role="alert">
          {t('validation.invalid_hash')}
        </p>
      )}
    </form>
  );
}
