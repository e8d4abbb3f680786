import { OFFLINE_TOAST } from '../../../lib/notify/connectivity';
import { notify, toasts } from '../../../lib/notify/notify';
import { DemoCase, DemoFrame } from '../../../lib/ui/DemoFrame';

interface Sample {
  readonly label: string;
  readonly rule: string;
  readonly show: () => void;
}

/** Each kind of notice of spec §8, raised through the app's one notifier into the real toaster. */
const SAMPLES: readonly Sample[] = [
  { label: 'Success', rule: 'Auto-dismissed after 4 s.', show: () => notify.success('Your TLOS arrived') },
  {
    label: 'Success with a transaction',
    rule: 'Offers See Transaction.',
    show: () => notify.success('Transaction confirmed', { transactionUrl: 'https://teloscan.io/tx/0x0' }),
  },
  { label: 'Warning', rule: 'Title “Warning!”.', show: () => notify.warning('Data may be out of sync') },
  { label: 'Info', rule: 'Stays until dismissed.', show: () => notify.info('A new version of Tandem is available') },
  { label: 'Copied', rule: 'Title “Copied”.', show: () => notify.copied('Address copied') },
  { label: 'Neutral', rule: 'Bottom right, no actions (a cancelled transaction).', show: () => notify.neutral('You rejected the transaction') },
  { label: 'Error', rule: 'Title “ooops”, 5 s.', show: () => notify.error('The transfer could not be sent') },
  {
    label: 'Persistent error with details',
    rule: 'Stays, and See Details shows the raw error.',
    show: () => notify.error('The transfer could not be sent', { persistent: true, details: '{\n  "code": -32000,\n  "message": "nonce too low"\n}' }),
  },
  {
    label: 'Chain assertion',
    rule: 'The “assertion failure with message:” prefix is dropped.',
    show: () => notify.fromError(new Error('assertion failure with message: overdrawn balance')),
  },
  { label: 'Undefined error', rule: 'Shows “Cancelled transaction”.', show: () => notify.fromError(undefined) },
  { label: 'Offline', rule: 'While the browser has no connection.', show: () => toasts.show(OFFLINE_TOAST) },
];

/** /demos/notif: a button per notice kind; each shows in the real toaster with its real timing. */
export function NotificationsDemo() {
  return (
    <DemoFrame path="notif">
      <div className="demo-cases">
        {SAMPLES.map((sample) => (
          <DemoCase key={sample.label} title={sample.label}>
            <p className="muted">{sample.rule}</p>
            <button type="button" className="button button--secondary button--small" onClick={sample.show}>
              Show {sample.label.toLowerCase()}
            </button>
          </DemoCase>
        ))}
      </div>
    </DemoFrame>
  );
}
