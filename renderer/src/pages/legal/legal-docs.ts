import enLegal from '../../i18n/en-US/legal';

/** The console's own documents: help, privacy, terms. */
export type LegalDoc = keyof Omit<typeof enLegal, 'nav'>;

/** Which document a path shows; `/help` for anything unexpected. */
export function legalDocForPath(pathname: string): LegalDoc {
  const segment = pathname.replace(/\/+$/, '').split('/').pop();
  return segment === 'privacy' || segment === 'terms' ? segment : 'help';
}

/** A document's sections in reading order, with their paragraph and list item keys (from en-US). */
export function legalSections(doc: LegalDoc): ReadonlyArray<{ readonly id: string; readonly paragraphs: readonly string[]; readonly items: readonly string[] }> {
  return Object.entries(enLegal[doc].sections).map(([id, section]) => ({
    id,
    paragraphs: Object.keys(section.body),
    items: 'list' in section ? Object.keys(section.list) : [],
  }));
}
