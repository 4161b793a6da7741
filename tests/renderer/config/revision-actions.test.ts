import { describe, expect, it } from 'vitest';
import { revisionActions } from '../../../renderer/src/config/revision-actions';

describe('the rollbacks a revision offers (issue 19 §5)', () => {
  it('offers no rollback to the revision already official, nor preview again to the one in preview', () => {
    expect(revisionActions({ environments: ['preview', 'official'] })).toEqual({ rollback: false, previewAgain: false });
    expect(revisionActions({ environments: ['official'] })).toEqual({ rollback: false, previewAgain: true });
    expect(revisionActions({ environments: ['preview'] })).toEqual({ rollback: true, previewAgain: false });
    expect(revisionActions({ environments: [] })).toEqual({ rollback: true, previewAgain: true });
  });
});
