import { Field, makeStyles, Select } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { Area } from '@contract/permissions';
import { useMyMenus } from '../data/menus';

const useStyles = makeStyles({
  picker: { minWidth: '240px', maxWidth: '360px' },
});

/**
 * The project a global screen of an area shows (Customers and Transactions are per project, their
 * menus global): `?project=` in the address, else the first project whose area the operator may
 * read. The address keeps the choice, so a link or a reload shows the same project.
 */
export function useAreaProject(area: Area) {
  const menus = useMyMenus();
  const [params, setParams] = useSearchParams();
  const projects = (menus.data?.projects ?? []).filter((project) => project.permissions[area] !== 'none');
  const asked = params.get('project');
  const chosen = projects.find((project) => project.projectId === asked) ?? projects[0];
  return {
    isPending: menus.isPending,
    projects,
    project: chosen,
    projectId: chosen?.projectId ?? null,
    /** Whether the operator may change things of the area in the chosen project. */
    canWrite: chosen?.permissions[area] === 'write',
    choose: (projectId: string) => {
      const next = new URLSearchParams(params);
      next.set('project', projectId);
      setParams(next, { replace: true });
    },
  };
}

/** The project picker above such a screen. */
export function ProjectPicker({ area }: { readonly area: Area }) {
  const { t } = useTranslation('commercePages');
  const styles = useStyles();
  const choice = useAreaProject(area);
  if (choice.projects.length < 2) return null;
  return (
    <Field label={t('project.label')} className={styles.picker}>
      <Select value={choice.projectId ?? ''} onChange={(_, data) => choice.choose(data.value)}>
        {choice.projects.map((project) => (
          <option key={project.projectId} value={project.projectId}>
            {project.name}
          </option>
        ))}
      </Select>
    </Field>
  );
}

