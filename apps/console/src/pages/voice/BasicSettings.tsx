import { VoiceSettingsForm } from './voice-settings-form.tsx';

/** voice/BasicSettings (DOMAIN 2.2): SIP ports and transports, RTP, NAT, codecs, DTMF, language, extension length. */
export default function BasicSettings() {
  return <VoiceSettingsForm kind="basic" />;
}
