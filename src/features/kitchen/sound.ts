/**
 * The new-ticket sound: a short beep made with Web Audio (no file to download). Browsers let a
 * page play sound only after a gesture, so `enableSound` runs from the «Activar sonido» tap.
 */
let context: AudioContext | null = null;

/** Starts the audio context from a user gesture; false when the browser has no Web Audio. */
export function enableSound(): boolean {
  if (typeof AudioContext === 'undefined') return false;
  context ??= new AudioContext();
  void context.resume().catch(() => undefined);
  return true;
}

export function disableSound(): void {
  void context?.close().catch(() => undefined);
  context = null;
}

/** Two short tones, loud enough for a kitchen. */
export function beep(): void {
  if (!context) return;
  const start = context.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.18, 1320],
  ] as const) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'square';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.3, start + offset + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.15);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.16);
  }
}
