import { resourceRoutes } from '../resources/routes';
import { countryResource, languageResource } from '../resources/system';

/**
 * Routes of System Management's global lists: `/api/v1/system/countries` and
 * `/api/v1/system/languages`, read by every signed-in operator, written by global administrators.
 */
export const systemRoutes = {
  ...resourceRoutes(countryResource),
  ...resourceRoutes(languageResource),
} as const;
