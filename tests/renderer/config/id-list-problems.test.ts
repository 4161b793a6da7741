import { describe, expect, it } from 'vitest';
import { firstEntryProblem } from '../../../renderer/src/config/id-list';

/**
 * An id list's own entries can have problems (a shield's pattern that is no regular expression at
 * `blocklists.0.patterns.1`): the field shows the first, by line, since it draws no field per entry.
 */
describe('firstEntryProblem', () => {
  it('finds the lowest entry’s problem under the list’s path, and nothing deeper or beside it', () => {
    const problems = {
      'blocklists.0.patterns.10': { key: 'validation.lengthMax', params: { max: 200 } },
      'blocklists.0.patterns.2': { key: 'validation.regex' },
      'blocklists.0.patternsExtra.0': { key: 'validation.required' },
      'blocklists.1.patterns.0': { key: 'validation.required' },
    };
    expect(firstEntryProblem(problems, 'blocklists.0.patterns')).toEqual({ index: 2, error: { key: 'validation.regex' } });
    expect(firstEntryProblem(problems, 'blocklists.0.words')).toBeUndefined();
    expect(firstEntryProblem({ 'a.b.0.c': { key: 'validation.required' } }, 'a.b')).toBeUndefined();
  });
});
