import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DemoCase, DemoFrame } from '../../../lib/ui/DemoFrame';
import { validateAccountName } from '../../../lib/validation/accountName';
import { validateAmountInput } from '../../../lib/validation/amount';
import { validateEvmAddress } from '../../../lib/validation/evmAddress';
import type { Checked } from '../../../lib/validation/issue';
import { INPUT_CASES, type InputCase, type InputKind } from '../model/inputCases';

const EN_US = { decimal: '.', group: ',' } as const;

/** The real rule of each field kind; the message is the one the send, view and sign-in forms show. */
function check(kind: InputKind, value: string, { decimals, available }: Pick<InputCase, 'decimals' | 'available'>): Checked<unknown> & { warning?: string | null } {
  switch (kind) {
    case 'evmAddress': {
      const checked = validateEvmAddress(value);
      return checked.ok ? { ...checked, warning: checked.value.warning } : checked;
    }
    case 'amount':
      return validateAmountInput(value, { decimals: decimals ?? 18, separators: EN_US, available: available ?? null });
    case 'accountName':
      return validateAccountName(value);
    case 'basicAccountName':
      return validateAccountName(value, 'basic');
  }
}

function DemoField({ field }: { field: InputCase }) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState(field.value);
  const checked = check(field.kind, value, field);
  const messageId = `${id}-message`;
  return (
    <div className="demo-field">
      <label htmlFor={id}>{field.label}</label>
      <input
        id={id}
        value={value}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={!checked.ok}
        aria-describedby={messageId}
        onChange={(event) => { setValue(event.target.value); }}
      />
      {!checked.ok ? (
        <p id={messageId} className="demo-field__error" role="alert">
          {t(checked.error.key, checked.error.values ?? {})}
        </p>
      ) : checked.warning ? (
        <p id={messageId} className="demo-field__note" role="note">
          {t(checked.warning as 'validation.address_lowercase')}
        </p>
      ) : (
        <p id={messageId} className="demo-field__ok">
          Accepted
        </p>
      )}
    </div>
  );
}

/** /demos/inputs: address, amount and account-name fields, one per validation message, each editable. */
export function InputsDemo() {
  return (
    <DemoFrame path="inputs">
      <div className="demo-cases">
        {INPUT_CASES.map((group) => (
          <DemoCase key={group.title} title={group.title}>
            {group.fields.map((field) => (
              <DemoField key={field.label} field={field} />
            ))}
          </DemoCase>
        ))}
      </div>
    </DemoFrame>
  );
}
