import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { ErrorCode } from '@contract/errors';
import { type ExportCsvOutput } from '@contract/ipc';
import { type ApiCallInput, type ApiClient } from './api/api-client';
import { AppFailure } from './errors';
import { type EventHub } from './events';

/** Asks where to save a file (the desktop's native save dialog); null when the operator cancels. */
export type SavePicker = (suggestedName: string) => Promise<string | null>;

/** Counts records as the CSV arrives: line ends outside quoted fields. */
export class CsvRowCounter {
  private inQuotes = false;
  private lines = 0;
  add(text: string): void {
    for (const char of text) {
      if (char === '"') this.inQuotes = !this.inQuotes;
      else if (char === '\n' && !this.inQuotes) this.lines += 1;
    }
  }
  /** Data rows: the lines ended so far without the header. */
  get rows(): number {
    return Math.max(0, this.lines - 1);
  }
}

/**
 * `api.export` (issue 19): a list's CSV export streamed from the server through main, which alone
 * holds the token. With a save picker (desktop) the stream goes straight into the chosen file; without
 * one (browser edition) the text comes back for the page to download. Both report the rows received
 * as `export.progress` events.
 */
export function createExportService(api: ApiClient, events: EventHub, savePicker: SavePicker | undefined) {
  return async (routeId: string, input: ApiCallInput | undefined, fileName: string): Promise<ExportCsvOutput> => {
    const name = [...fileName].map((char) => (char.charCodeAt(0) < 0x20 || '\\/:*?"<>|'.includes(char) ? '-' : char)).join('');
    const counter = new CsvRowCounter();
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    let reported = 0;
    const progress = (chunk: Uint8Array) => {
      const text = decoder.decode(chunk, { stream: true });
      counter.add(text);
      if (counter.rows - reported >= 500) {
        reported = counter.rows;
        events.emit('export.progress', { routeId, rows: reported });
      }
      return text;
    };
    if (savePicker) {
      const path = await savePicker(name);
      if (path === null) return { status: 'cancelled' };
      const file: WriteStream = createWriteStream(path);
      const envelope = await api.stream(routeId, input, async (chunk) => {
        progress(chunk);
        if (!file.write(chunk)) await new Promise<void>((resolve) => file.once('drain', () => resolve()));
      });
      await new Promise<void>((resolve, reject) => file.end((error?: Error | null) => (error ? reject(error) : resolve())));
      if (envelope.code !== ErrorCode.Success) {
        await rm(path, { force: true });
        throw new AppFailure(envelope.code, envelope.message);
      }
      return { status: 'saved', rows: counter.rows };
    }
    const parts: string[] = [];
    const envelope = await api.stream(routeId, input, (chunk) => {
      parts.push(progress(chunk));
    });
    if (envelope.code !== ErrorCode.Success) throw new AppFailure(envelope.code, envelope.message);
    parts.push(decoder.decode());
    return { status: 'download', rows: counter.rows, fileName: name, csv: parts.join('') };
  };
}
