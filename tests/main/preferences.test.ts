import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { JsonFilePreferenceStore, preferencesFromStore } from '../../main/src/preferences';

const dirs: string[] = [];
function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'palette-prefs-'));
  dirs.push(dir);
  return join(dir, 'nested', 'preferences.json');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('preferences', () => {
  it('round-trips through a JSON file readable by the user only', () => {
    const file = tempFile();
    const store = new JsonFilePreferenceStore(file);
    store.set('serverUrl', 'https://api.example.com');
    store.set('windowBounds', { x: 1, y: 2, width: 1200, height: 800 });
    const reopened = new JsonFilePreferenceStore(file);
    expect(reopened.get('serverUrl')).toBe('https://api.example.com');
    expect(reopened.get('windowBounds')).toEqual({ x: 1, y: 2, width: 1200, height: 800 });
    reopened.delete('serverUrl');
    expect(new JsonFilePreferenceStore(file).get('serverUrl')).toBeUndefined();
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('keeps the valid entries of a hand-edited file and refuses invalid values', () => {
    const file = tempFile();
    new JsonFilePreferenceStore(file).set('windowMaximized', true);
    const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...raw, serverUrl: 'javascript:alert(1)', windowBounds: { x: 'a' } }));
    const store = new JsonFilePreferenceStore(file);
    expect(store.get('windowMaximized')).toBe(true);
    expect(store.get('serverUrl')).toBeUndefined();
    expect(store.get('windowBounds')).toBeUndefined();
    expect(() => store.set('serverUrl', 'ftp://files.example')).toThrow();
  });

  it('survives a missing or corrupt file', () => {
    const file = tempFile();
    expect(new JsonFilePreferenceStore(file).get('serverUrl')).toBeUndefined();
  });

  it('wraps electron-store with the same checks', () => {
    const values = new Map<string, unknown>([['serverUrl', 'not a url']]);
    const store = preferencesFromStore({ get: (k) => values.get(k), set: (k, v) => values.set(k, v), delete: (k) => values.delete(k) });
    expect(store.get('serverUrl')).toBeUndefined();
    store.set('updateUrl', 'https://downloads.example/');
    expect(store.get('updateUrl')).toBe('https://downloads.example/');
  });
});
