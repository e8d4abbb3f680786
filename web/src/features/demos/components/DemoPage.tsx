import { useLocation } from 'react-router';
import { ComingSoonPanel } from '../../../lib/ui/ComingSoonPanel';
import { demoByPath } from '../model/demos';

/** A demo shows the real components it exercises, so it arrives with them. */
export function DemoPage() {
  const segment = useLocation().pathname.split('/').pop() ?? '';
  const demo = demoByPath(segment);
  if (!demo) return null;
  return (
    <ComingSoonPanel
      capability={{ release: '0.2', title: `Demo: ${demo.title}`, summary: demo.purpose }}
      plans={['Render the components this demo covers, in each of their states, with the devnet data.']}
    />
  );
}
