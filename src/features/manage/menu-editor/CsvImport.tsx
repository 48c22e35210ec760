/** The menu editor's CSV import (a preview, row by row, before anything joins the form) and export. */
import { useState } from 'react';
import type { Venue } from '../../../contract/venue.ts';
import { CSV_ROW_LIMIT, csvLimitMessage, parseMenuCsv, type CsvPreview, type CsvRow } from './csv.ts';
import { languageNameEs } from './translations.ts';

export function CsvImport({
  onImport,
  onExport,
  currency,
  locale,
  stations,
  languages,
  takenIds,
}: {
  onImport: (rows: CsvRow[], addLanguages: string[]) => void;
  onExport: () => void;
  currency: string;
  locale: string;
  stations: () => Venue['stations'];
  languages: () => string[];
  takenIds: () => Set<string>;
}) {
  const [preview, setPreview] = useState<CsvPreview>();
  const rows = preview?.rows;
  // A column in a language umenu does not know stops the whole file: nothing is imported half.
  const blocked = Boolean(preview?.fileErrors?.length);
  const good = blocked ? [] : (rows?.filter((r) => r.product) ?? []);
  const others = languages().slice(1);
  const cut = preview !== undefined && preview.total > CSV_ROW_LIMIT;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className="btn btn-outline btn-sm min-h-11" onClick={onExport}>
          Exportar CSV
        </button>
        <span className="text-sm">La carta actual del editor, con las mismas columnas que acepta la importación.</span>
      </div>
      <label htmlFor="csv-file" className="text-sm font-medium">
        Archivo CSV (columnas: category,name,description,price,allergens,tags y, si quieres, station; traducciones:
        name_en, description_en, category_en… con el código de cada idioma
        {others.length ? `, p. ej. ${others.map((l) => `name_${l}`).join(', ')}` : ''})
      </label>
      <input
        id="csv-file"
        type="file"
        accept=".csv,text/csv"
        className="file-input min-h-11"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file)
            void file
              .text()
              .then((text) =>
                setPreview(
                  parseMenuCsv(text, { currency, locale, stations: stations(), languages: languages() }, takenIds()),
                ),
              );
        }}
      />
      {rows && (
        <div>
          {cut && (
            <p
              role="alert"
              className="mb-2 rounded-box border border-warning bg-[#fff4d6] p-3 text-sm"
              data-testid="csv-limit"
            >
              {csvLimitMessage(preview.total)}
            </p>
          )}
          {blocked && (
            <div
              role="alert"
              className="mb-2 rounded-box border border-error p-3 text-sm text-error-strong"
              data-testid="csv-language-errors"
            >
              {preview.fileErrors!.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </div>
          )}
          {!blocked && preview.addLanguages && (
            <p className="mb-2 rounded-box border border-info p-3 text-sm" data-testid="csv-languages">
              El archivo trae traducciones en{' '}
              {preview.addLanguages.map((l) => languageNameEs(l).toLowerCase()).join(' y ')}: al importar, la carta
              tendrá también {preview.addLanguages.length === 1 ? 'ese idioma' : 'esos idiomas'}.
            </p>
          )}
          <table className="table table-sm" aria-label="Vista previa del CSV">
            <thead className="text-base-content">
              <tr>
                <th scope="col" className="text-base-content">
                  Fila
                </th>
                <th scope="col" className="text-base-content">
                  Categoría
                </th>
                <th scope="col" className="text-base-content">
                  Plato
                </th>
                <th scope="col" className="text-base-content">
                  Estado
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.line}>
                  <td>{r.line}</td>
                  <td>{r.category}</td>
                  <td>{r.product ? `${r.product.name} · ${r.product.priceText}` : r.name || '—'}</td>
                  <td className={r.errors.length ? 'text-error-strong' : ''}>
                    {r.errors.length ? r.errors.join('; ') : 'Correcta'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-2 text-sm" data-testid="csv-summary">
            {blocked ? 'Corrige la cabecera y vuelve a elegir el archivo. ' : ''}
            {cut ? `De las primeras ${CSV_ROW_LIMIT} filas: ` : ''}
            {good.length} filas correctas y {rows.length - good.length} con errores (no se importarán). Nada se guarda
            hasta que confirmes y publiques.
          </p>
          <div className="mt-2 flex gap-2">
            <button
              type="button"
              className="btn btn-primary btn-sm min-h-11"
              disabled={!good.length}
              onClick={() => {
                onImport(good, preview.addLanguages ?? []);
                setPreview(undefined);
              }}
            >
              Importar {good.length} platos
            </button>
            <button type="button" className="btn btn-ghost btn-sm min-h-11" onClick={() => setPreview(undefined)}>
              Cancelar
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

/** Saves `text` as a file (with a BOM: spreadsheet programs then read the accents right). */
export function downloadCsv(name: string, text: string) {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
