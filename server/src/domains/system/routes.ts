import { countryResource, languageResource } from '@contract/resources/system';
import { countries, languages } from '../../db/schema';
import { plainResourceDomain } from '../../resources/domain';

/**
 * System Management's global lists (contract/api/system.ts): countries and languages, plain
 * resources read by every operator and written by global administrators; seeded by ./seed.ts.
 */
export const systemDomain = plainResourceDomain('system', [
  [countryResource, countries],
  [languageResource, languages],
]);
