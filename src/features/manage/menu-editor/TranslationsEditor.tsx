/**
 * The menu editor's languages and translations (docs/architecture.md#languages): the menu's
 * languages (the venue's own first), and a tab per language with the original beside its
 * translation for the tagline, categories, dishes, option groups and options, and how many
 * texts each language still misses. The words are form fields of the editor: they are published
 * with the rest of the menu («Publicar cambios»).
 */
import { memo, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useFormContext, useWatch, type FieldPath } from 'react-hook-form';
import type { FormValues } from './logic.ts';
import {
  languageNameEs,
  MENU_LANGUAGE_CHOICES,
  missingCount,
  missingLabel,
  textRows,
  translationOf,
  type TextRow,
} from './translations.ts';

interface Props {
  venueId: string;
  /** Says what was removed and offers «Deshacer» (the editor's publish bar). */
  setUndo: (undo: { text: string; restore: () => void }) => void;
}

export function TranslationsEditor({ venueId, setUndo }: Props) {
  const { control, getValues, setValue } = useFormContext<FormValues>();
  const values = useWatch({ control }) as FormValues;
  const languages = values.languages ?? [];
  const own = languages[0] ?? 'es';
  const others = languages.slice(1);
  const [chosen, setChosen] = useState<string>();
  // The venue's own tab first: a long menu's side-by-side view renders only once a language is chosen.
  const tab = chosen && languages.includes(chosen) ? chosen : own;
  const rows = useMemo(() => textRows(values), [values]);
  const addable = MENU_LANGUAGE_CHOICES.filter((l) => !languages.includes(l));
  const [toAdd, setToAdd] = useState<string>('');
  const adding = addable.includes(toAdd as (typeof addable)[number]) ? toAdd : (addable[0] ?? '');
  const uid = useId();
  const tabId = (lang: string) => `${uid}-tab-${lang}`;
  const panelId = `${uid}-panel`;

  const add = () => {
    if (!adding) return;
    setValue('languages', [...getValues('languages'), adding], { shouldDirty: true });
    setChosen(adding);
  };
  const remove = (lang: string) => {
    const before = getValues('languages');
    setValue(
      'languages',
      before.filter((l) => l !== lang),
      { shouldDirty: true },
    );
    setUndo({
      text: `${languageNameEs(lang)} quitado de la carta: sus traducciones se borran al publicar.`,
      restore: () => setValue('languages', before, { shouldDirty: true }),
    });
  };
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = languages[(languages.indexOf(tab) + step + languages.length) % languages.length]!;
    setChosen(next);
    document.getElementById(tabId(next))?.focus();
  };

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">
        Los clientes leen la carta en su idioma en{' '}
        <span className="font-mono">
          /{'{idioma}'}/{venueId}
        </span>{' '}
        (p. ej. <span className="font-mono">/en/{venueId}</span>). Lo que no traduzcas se muestra en{' '}
        {languageNameEs(own).toLowerCase()}. Cocina, comandas y tickets siguen en el idioma del local.
      </p>
      <ul className="flex flex-wrap gap-2" aria-label="Idiomas de la carta" data-testid="menu-languages">
        {languages.map((lang, i) => (
          <li key={lang} className="flex min-h-11 items-center gap-1 rounded-box border border-base-300 px-3">
            <span>
              {languageNameEs(lang)}
              {i === 0 ? ' (idioma del local)' : ''}
            </span>
            {i > 0 && (
              <button
                type="button"
                className="btn btn-ghost btn-sm min-h-11"
                aria-label={`Quitar ${languageNameEs(lang).toLowerCase()}`}
                onClick={() => remove(lang)}
              >
                ✕
              </button>
            )}
          </li>
        ))}
      </ul>
      {addable.length > 0 && (
        <div className="flex flex-wrap items-end gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${uid}-add`} className="text-sm font-medium">
              Idioma para añadir
            </label>
            <select
              id={`${uid}-add`}
              className="select min-h-11 w-48"
              value={adding}
              onChange={(e) => setToAdd(e.target.value)}
            >
              {addable.map((l) => (
                <option key={l} value={l}>
                  {languageNameEs(l)}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="btn btn-outline min-h-11" onClick={add}>
            Añadir idioma
          </button>
        </div>
      )}

      <div
        role="tablist"
        aria-label="Traducciones por idioma"
        className="flex flex-wrap gap-1 border-b border-base-300"
      >
        {languages.map((lang, i) => {
          const selected = lang === tab;
          const missing = i === 0 ? 0 : missingCount(values, lang, rows);
          return (
            <button
              key={lang}
              type="button"
              role="tab"
              id={tabId(lang)}
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              data-testid={`language-tab-${lang}`}
              className={`flex min-h-11 items-center gap-2 rounded-t-box border-b-2 px-3 text-sm font-medium ${selected ? 'border-primary-strong bg-base-100' : 'border-transparent'}`}
              onClick={() => setChosen(lang)}
              onKeyDown={onTabKey}
            >
              {languageNameEs(lang)}
              <span
                className={`badge badge-sm ${i === 0 ? 'badge-ghost' : missing ? 'border-[#8a5300] bg-[#fff4d6] text-[#5c3700]' : 'badge-ghost'}`}
                data-testid="missing-count"
              >
                {i === 0 ? 'Original' : missingLabel(missing)}
              </span>
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(tab)} tabIndex={0} data-testid="translations-panel">
        {tab === own ? (
          <p className="text-sm">
            {languageNameEs(own)} es el idioma del local: sus textos se editan en «Categorías y platos».{' '}
            {others.length ? 'Elige otro idioma para traducir la carta.' : 'Añade un idioma para traducir la carta.'}
          </p>
        ) : (
          <SideBySide rows={rows} own={own} lang={tab} values={values} />
        )}
      </div>
    </div>
  );
}

const INDENT = ['', 'pl-0', 'pl-3', 'pl-6', 'pl-9'];

function SideBySide({ rows, own, lang, values }: { rows: TextRow[]; own: string; lang: string; values: FormValues }) {
  const ownName = languageNameEs(own).toLowerCase();
  const langName = languageNameEs(lang).toLowerCase();
  if (!rows.length) return <p className="text-sm">La carta aún no tiene textos que traducir.</p>;
  return (
    <div className="flex flex-col" data-testid="side-by-side">
      <div className="grid grid-cols-2 gap-3 border-b border-base-300 py-2 text-sm font-bold" aria-hidden="true">
        <span>Original ({ownName})</span>
        <span>Traducción ({langName})</span>
      </div>
      {rows.map((row) => (
        <TranslationRow
          key={row.key}
          rowKey={row.key}
          kind={row.kind}
          original={row.original}
          base={row.base}
          field={row.field}
          depth={row.depth}
          multiline={Boolean(row.multiline)}
          own={own}
          lang={lang}
          langName={langName}
          missing={!translationOf(values, row, lang).trim()}
        />
      ))}
    </div>
  );
}

interface RowProps {
  rowKey: string;
  kind: string;
  original: string;
  base: string;
  field: TextRow['field'];
  depth: number;
  multiline: boolean;
  own: string;
  lang: string;
  langName: string;
  missing: boolean;
}

/** One original beside its translation; memoized on plain values, so typing re-renders only its own row. */
const TranslationRow = memo(function TranslationRow({
  rowKey,
  kind,
  original,
  base,
  field: key,
  depth,
  multiline,
  own,
  lang,
  langName,
  missing,
}: RowProps) {
  const { register } = useFormContext<FormValues>();
  const path = `${base}.${lang}.${key}` as FieldPath<FormValues>;
  const id = `tr-${lang}-${rowKey.replace(/\./g, '-')}`;
  const field = { id, lang, placeholder: 'Sin traducir', 'aria-describedby': `${id}-original`, ...register(path) };
  return (
    <div
      className={`grid grid-cols-2 gap-3 border-b border-base-200 py-2 ${depth <= 1 ? 'bg-base-200/60' : ''}`}
      data-testid="translation-row"
    >
      <div className={`min-w-0 [overflow-wrap:anywhere] ${INDENT[depth]}`}>
        <span className="block text-xs text-base-content/80">{kind}</span>
        <span id={`${id}-original`} lang={own} className={depth <= 1 ? 'font-bold' : ''}>
          {original}
        </span>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-xs text-base-content/80">
          {kind} en {langName}
          {missing ? ' · falta' : ''}
        </label>
        {multiline ? (
          <textarea className="textarea min-h-11 w-full" rows={2} {...field} />
        ) : (
          <input type="text" className="input min-h-11 w-full" {...field} />
        )}
      </div>
    </div>
  );
});
