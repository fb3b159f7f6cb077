import { resourceByName } from '@igs/contract/resources';
import { ResourcePage } from '../../features/resource/resource-page.tsx';

const def = resourceByName('media:live')!;

/** media/LiveProgram (DOMAIN 2.6): live channels, with CSV/JSON import and export. */
export default function LiveProgram() {
  return <ResourcePage def={def} />;
}
