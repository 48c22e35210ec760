/** Category tabs: plain in-page links (work without JS); the menu island adds scroll-spy. */
import type { Category } from '../../contract/venue.ts';
import { fallbackLang, type TextLanguages } from '../../contract/languages.ts';
import { menuMessages } from './messages.ts';

export function CategoryNav({ categories, langs }: { categories: readonly Category[]; langs?: TextLanguages }) {
  return (
    <nav aria-label={menuMessages.get().categories} className="category-nav -mx-3 px-3 overflow-x-auto">
      <ul className="flex gap-1 py-1 whitespace-nowrap">
        {categories.map((c) => (
          <li key={c.id} data-nav-category={c.id}>
            <a
              href={`#cat-${c.id}`}
              lang={fallbackLang(c, 'name', langs)}
              className="inline-flex min-h-11 items-center rounded-full px-4 text-sm font-medium hover:bg-base-300 aria-[current=true]:bg-neutral aria-[current=true]:text-neutral-content"
            >
              {c.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
