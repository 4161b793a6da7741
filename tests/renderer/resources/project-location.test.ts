import { describe, expect, it } from 'vitest';
import { findRoute } from '../../../renderer/src/app/routes';
import { projectLocation, projectTabTable, visibleTabs } from '../../../renderer/src/resources/projects/project-location';

describe('project addresses', () => {
  it('reads the project, its tab and an app’s settings', () => {
    expect(projectLocation('/projects/p1')).toEqual({ projectId: 'p1', tab: null });
    expect(projectLocation('/projects/p1/skus')).toEqual({ projectId: 'p1', tab: 'skus' });
    expect(projectLocation('/projects/p1/settings/a9?x=1')).toEqual({ projectId: 'p1', tab: 'apps', appId: 'a9' });
    expect(projectLocation('/projects/p1/nothing')).toBeNull();
    expect(projectLocation('/projects')).toBeNull();
    expect(projectLocation('/account')).toBeNull();
  });

  it('shows the tabs the menus grant, offerings by their route', () => {
    expect(visibleTabs(['projects.general', 'projects.skus', 'projects.entitlements'], true)).toEqual(['general', 'skus', 'entitlements', 'offerings']);
    expect(visibleTabs(['projects.general', 'projects.integrations'], false)).toEqual(['general', 'integrations']);
  });

  it('gives every tab of the table its console route, menu and title', () => {
    for (const entry of projectTabTable) {
      const route = findRoute(`/projects/p1/${entry.tab}`);
      expect(route?.labelKey, entry.tab).toBe(entry.labelKey);
      expect(route?.menu, entry.tab).toBe(entry.menu ?? undefined);
      expect(projectLocation(`/projects/p1/${entry.tab}`)?.tab).toBe(entry.tab);
    }
    expect(findRoute('/projects/p1/settings/a1')?.menu).toBe('projects.settings');
  });
});
