import { configDomain } from '../config/routes';
import { deliveryDomain } from '../delivery/routes';
import { previewDomain } from '../delivery/preview-settings';
import { affiliatesDomain } from './affiliates/routes';
import { authDomain } from './auth/routes';
import { catalogDomain } from './catalog/routes';
import { clientKeysDomain } from './client-keys/routes';
import { commerceDomain } from './commerce/routes';
import { integrationsDomain } from './integrations/routes';
import { mailDomain } from './mail/routes';
import { mediaDomain } from './media/routes';
import { popupsDomain } from './popups/routes';
import type { DomainModule } from './module';
import { projectsDomain } from './projects/routes';
import { systemDomain } from './system/routes';
import { teamsDomain } from './teams/routes';

/**
 * Every domain whose routes the app serves, registered in this order by server/src/app.ts. A new
 * domain adds its module here; a new resource in an existing domain adds nothing here.
 */
export const domainModules: readonly DomainModule[] = [
  authDomain,
  mailDomain,
  projectsDomain,
  catalogDomain,
  clientKeysDomain,
  integrationsDomain,
  teamsDomain,
  mediaDomain,
  systemDomain,
  configDomain,
  popupsDomain,
  affiliatesDomain,
  commerceDomain,
  deliveryDomain,
  previewDomain,
];
