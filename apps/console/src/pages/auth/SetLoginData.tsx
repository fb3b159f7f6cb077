import { HandoverPage } from './handover-page.tsx';

/** /setlogindata: sign-in data set by another system, outside the shell. */
export default function SetLoginData() {
  return <HandoverPage />;
}
