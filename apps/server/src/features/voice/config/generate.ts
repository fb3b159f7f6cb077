import { confbridgeConf, featuresConf, queuesConf, rtpConf, voicemailConf } from './app-confs.ts';
import { dialplanConf } from './dialplan.ts';
import { type GenerateOptions, type Problem, Problems, type VoiceFile, type VoiceModel } from './model.ts';
import { pjsipConf } from './pjsip.ts';

export interface Generated {
  files: Record<VoiceFile, string>;
  /** What generation had to leave out or warns about, per file. */
  problems: Problem[];
}

/** Every voice file from the model: a pure function, so the same model gives the same text. */
export function generateVoiceConfig(model: VoiceModel, opts: GenerateOptions = {}): Generated {
  const problems = new Problems();
  const files: Record<VoiceFile, string> = {
    'pjsip.conf': pjsipConf(model, problems, opts),
    'extensions_igs.conf': dialplanConf(model, problems, opts),
    'queues.conf': queuesConf(model, problems),
    'confbridge.conf': confbridgeConf(model, problems),
    'rtp.conf': rtpConf(model),
    'features.conf': featuresConf(model),
    'voicemail.conf': voicemailConf(model, problems, opts),
  };
  return { files, problems: problems.list };
}
