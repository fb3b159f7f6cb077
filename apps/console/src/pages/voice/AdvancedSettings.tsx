import { VoiceSettingsForm } from './voice-settings-form.tsx';

/** voice/AdvancedSettings (DOMAIN 2.2): ring timeout, call limit, recording, qualify, music on hold, feature codes. */
export default function AdvancedSettings() {
  return <VoiceSettingsForm kind="advanced" />;
}
