import { HandoverPage } from './handover-page.tsx';

/** /authh5: sign-in handed over from the mobile (H5) portal. */
export default function AuthH5() {
  return <HandoverPage />;
}
