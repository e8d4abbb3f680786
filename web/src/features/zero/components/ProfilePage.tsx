import { ROADMAP } from '../../../lib/roadmap';
import { ComingSoonPanel } from '../../../lib/ui/ComingSoonPanel';

export function ProfilePage() {
  return (
    <ComingSoonPanel
      capability={ROADMAP.profile}
      plans={[
        'Show the public profile of a native account: name, avatar and bio.',
        'Show who created the account, its child accounts, linked keys and proposals.',
        'Let you edit your own profile, signed in your wallet.',
      ]}
    />
  );
}
