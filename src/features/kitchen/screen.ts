/**
 * Keeps a wall tablet's screen on while the kitchen display is open (Screen Wake Lock), asking
 * again when the page comes back into view (the browser releases the lock when it is hidden).
 * Where the browser refuses or lacks it, the screen follows the device's own settings.
 */
export function keepScreenOn(): () => void {
  if (typeof navigator === 'undefined' || !('wakeLock' in navigator)) return () => undefined;
  let lock: WakeLockSentinel | null = null;
  let stopped = false;
  const request = () => {
    if (stopped || document.visibilityState !== 'visible') return;
    navigator.wakeLock.request('screen').then(
      (sentinel) => {
        if (stopped) void sentinel.release();
        else lock = sentinel;
      },
      () => undefined,
    );
  };
  document.addEventListener('visibilitychange', request);
  request();
  return () => {
    stopped = true;
    document.removeEventListener('visibilitychange', request);
    void lock?.release().catch(() => undefined);
    lock = null;
  };
}
