type AudioContextCtor = typeof AudioContext;

let context: AudioContext | undefined;

/**
 * A short notification tone generated with WebAudio, so no sound file has to be shipped.
 * Browsers keep audio suspended until the user has interacted with the page; then it is silent,
 * which is the best a page may do.
 */
export function beep(frequency = 880, durationMs = 180): void {
  const Ctor = (window.AudioContext ??
    (window as unknown as { webkitAudioContext?: AudioContextCtor }).webkitAudioContext) as
    | AudioContextCtor
    | undefined;
  if (!Ctor) return;
  try {
    context ??= new Ctor();
    if (context.state === 'suspended') void context.resume().catch(() => {});
    const start = context.currentTime;
    const end = start + durationMs / 1000;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    // A quick fade in and out avoids the click of a hard start and stop.
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.25, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, end);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start);
    oscillator.stop(end);
  } catch {
    // No audio device or blocked by policy: the badges still show the counts.
  }
}
