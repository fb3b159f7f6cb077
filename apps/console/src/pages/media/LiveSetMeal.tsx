import { resourceByName } from '@igs/contract/resources';
import { ResourcePage } from '../../features/resource/resource-page.tsx';

const def = resourceByName('media:live_package')!;

/** media/LiveSetMeal (DOMAIN 2.6): packages of channels granted to terminals. */
export default function LiveSetMeal() {
  return <ResourcePage def={def} />;
}
