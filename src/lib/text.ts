/** Accent- and case-insensitive form for search: "Jalapeño" → "jalapeno". */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** True when every word of the query appears in the (already normalized) haystack. */
export function matchesQuery(normalizedHaystack: string, query: string): boolean {
  const words = normalizeText(query).split(' ').filter(Boolean);
  return words.every((w) => normalizedHaystack.includes(w));
}
