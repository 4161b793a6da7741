import { useNavigate } from 'react-router-dom';
import { helpLinkTarget, openExternal, type HelpLinkId } from './help-links';
import { useAppInfo } from '../data/app-info';

export { helpLinkIds, helpLinkTarget, helpPagePaths, openExternal, type HelpLinkId, type HelpLinkTarget } from './help-links';

/**
 * The help and legal links for the current installation: `href` for a link's address and `open`
 * to follow it (in the system browser, or by navigating inside the console).
 */
export function useHelpLinks() {
  const navigate = useNavigate();
  const links = useAppInfo().data?.links;
  return {
    href: (id: HelpLinkId): string => {
      const target = helpLinkTarget(id, links);
      return target.kind === 'external' ? target.url : target.path;
    },
    open: (id: HelpLinkId): void => {
      const target = helpLinkTarget(id, links);
      if (target.kind === 'external') void openExternal(target.url);
      else void navigate(target.path);
    },
  };
}
