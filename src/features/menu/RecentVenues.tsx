/** "Visitados recientemente": venues opened on this device (persisted in `vuex.recentVenues`). */
import { useStore } from '@nanostores/react';
import { useHydrated } from '../../lib/hydrated.ts';
import { $recentVenues } from './recent.ts';
import { homeMessages } from './home-messages.ts';
import { $language } from '../../lib/i18n.ts';

export default function RecentVenues() {
  const recent = useStore($recentVenues);
  // Storage is only known in the browser: render nothing until hydrated (server HTML has none).
  const hydrated = useHydrated();
  if (!hydrated || recent.length === 0) return null;
  return (
    <section aria-labelledby="recent-title" className="mt-8">
      <h2 id="recent-title" className="text-xl font-bold">
        {homeMessages.get().recent}
      </h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {recent.map((v) => (
          <li key={v.id}>
            <a
              href={$language.get() === 'es' ? `/${v.id}` : `/${$language.get()}/${v.id}`}
              className="btn btn-outline min-h-11 h-auto flex-col items-start gap-0 py-2 text-left font-normal"
            >
              <span className="font-semibold">{v.name}</span>
              <span className="text-xs">{v.city}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
