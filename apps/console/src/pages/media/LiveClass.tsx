import { resourceByName } from '@igs/contract/resources';
import { ResourcePage } from '../../features/resource/resource-page.tsx';

const def = resourceByName('media:live_type')!;

/** media/LiveClass (DOMAIN 2.6): live classes; deleting one still used by programmes is refused. */
export default function LiveClass() {
  return <ResourcePage def={def} />;
}
