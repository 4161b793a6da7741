import { Readable } from 'node:stream';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { routes, type RouteDef, type RouteId } from '@contract/api';
import { contractLanguages, type ContractLanguage } from '@contract/i18n';
import { ErrorCode } from '@contract/errors';
import { AppError } from '../errors';
import { refusalResponses, type ContractRouteConfig } from '../http/register-route';
import { CSV_BOM, csvLine, type CsvCell } from './csv';

/**
 * The streamed CSV export of a list (issue 19), once for every list: a list's export route (the
 * contract's `<list>.export`, `reply: 'csv'`) takes the list's filters, sort and search, and this
 * piece reads every matching row in pages of `EXPORT_PAGE_SIZE` and streams them as
 * `text/csv; charset=utf-8`: a byte-order mark (spreadsheets then read Chinese right), a header row of
 * the columns' labels in the request's language, then one record per row, formulas neutralised
 * (shared/csv.ts, as the feedback export does).
 *
 * A list supplies a `CsvExportSource`: its columns (labels by language, a cell per row) and a page
 * reader, usually its repository's `list`. The first page is read before the reply starts, so a
 * refusal (unknown project, bad column) is still an envelope; a failure later ends the stream early
 * (the client sees a broken transfer, never a short file that looks complete: no final chunk).
 */

export const EXPORT_PAGE_SIZE = 500;

export interface CsvColumn<Row> {
  readonly key: string;
  readonly label: string;
  readonly cell: (row: Row) => CsvCell;
}

export interface CsvExportSource<Row, Params, Query> {
  /** The columns in this language: the chosen ones in their order (refuse an unknown one), else all. */
  readonly columns: (language: ContractLanguage, chosen: readonly string[] | undefined) => ReadonlyArray<CsvColumn<Row>>;
  /** One page of the list (1-based), with the list's own filters, sort and search. */
  readonly page: (params: Params, query: Query, page: number, pageSize: number) => Promise<{ readonly items: ReadonlyArray<Row> }>;
  /** The file name offered to the operator, without `.csv`. */
  readonly fileName: (params: Params) => string;
}

/** The header language: `lang`, else the first of Accept-Language the console speaks, else en-US. */
export function exportLanguage(lang: unknown, acceptLanguage: string | undefined): ContractLanguage {
  if (typeof lang === 'string' && (contractLanguages as readonly string[]).includes(lang)) return lang as ContractLanguage;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-CN';
    if (tag === 'en' || tag.startsWith('en-')) return 'en-US';
  }
  return 'en-US';
}

/** Picks columns by key: all when none are chosen; an unknown key is refused with 1000 on `query.columns`. */
export function chooseColumns<C extends { readonly key: string }>(all: readonly C[], chosen: readonly string[] | undefined): C[] {
  if (!chosen || chosen.length === 0) return [...all];
  return chosen.map((key) => {
    const column = all.find((c) => c.key === key);
    if (!column) throw new AppError(ErrorCode.ParamInvalid, { fieldErrors: { 'query.columns': { key: 'validation.invalid' } } });
    return column;
  });
}

function contentDisposition(name: string): string {
  const ascii = name.replace(/[^A-Za-z0-9._-]+/g, '-') || 'export';
  return `attachment; filename="${ascii}.csv"; filename*=UTF-8''${encodeURIComponent(name)}.csv`;
}

/**
 * Mounts a list's export route (its id in the contract's route table, `reply: 'csv'`): the input is
 * parsed and access is checked exactly as for every contract route (same config, same schemas); the
 * reply is the CSV stream instead of an envelope.
 */
export function registerCsvExport<Row, Params = Record<string, string>, Query = Record<string, unknown>>(
  app: FastifyInstance,
  id: RouteId,
  source: CsvExportSource<Row, Params, Query>,
): void {
  const def = routes[id] as RouteDef;
  if (def.reply !== 'csv') throw new Error(`${id} is not declared as a CSV export (reply: 'csv')`);
  const config: ContractRouteConfig = { routeId: id, auth: def.auth };
  app.route({
    method: def.method,
    url: def.path,
    config: config as FastifyContextConfig,
    schema: {
      operationId: id,
      summary: def.summary,
      tags: [...def.tags],
      ...(def.auth === 'user' ? { security: [{ bearerAuth: [] }] } : {}),
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      produces: ['text/csv'],
      // 200 is the CSV text (the route's `output`, documented as text/csv); refusals are envelopes.
      response: { 200: def.output, ...refusalResponses(def) },
    },
    handler: async (request: FastifyRequest, reply) => {
      const params = request.params as Params;
      const { lang, columns: chosen, ...query } = (request.query ?? {}) as Record<string, unknown> & { lang?: string; columns?: string };
      const language = exportLanguage(lang, request.headers['accept-language']);
      const columns = source.columns(language, chosen ? chosen.split(',') : undefined);
      const first = await source.page(params, query as Query, 1, EXPORT_PAGE_SIZE);
      async function* lines(): AsyncGenerator<string> {
        yield CSV_BOM + csvLine(columns.map((c) => c.label));
        let items = first.items;
        for (let page = 2; ; page += 1) {
          yield items.map((row) => csvLine(columns.map((c) => c.cell(row)))).join('');
          if (items.length < EXPORT_PAGE_SIZE) return;
          items = (await source.page(params, query as Query, page, EXPORT_PAGE_SIZE)).items;
          if (items.length === 0) return;
        }
      }
      void reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(source.fileName(params)))
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(lines(), { objectMode: false }));
    },
  });
}
