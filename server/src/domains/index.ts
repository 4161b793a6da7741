import type { Database } from '../db/client';
import type { SecretBox } from '../crypto/secret-box';
import type { Mailer } from '../mail/mailer';
import type { HostResolver, PrivateAddressPolicy } from '../net/outbound-address';
import { ActionCountsRepository } from '../rate-limit/action-counts-repository';
import { ActionLimiter } from '../rate-limit/action-limiter';
import { actionLimitsWith, type ActionLimits } from '../rate-limit/action-limits';
import { configDomain } from '../config/routes';
import { deliveryDomain } from '../delivery/routes';
import { previewDomain } from '../delivery/preview-settings';
import { AuditRepository } from '../resources/audit';
import type { Clock } from '../shared/clock';
import { AccessRepository } from './access/repository';
import { AccessService } from './access/service';
import { affiliatesDomain } from './affiliates/routes';
import { authDomain } from './auth/routes';
import { CatalogRepository } from './catalog/repository';
import { catalogDomain } from './catalog/routes';
import { CatalogService } from './catalog/service';
import { clientKeysDomain } from './client-keys/routes';
import { commerceDomain } from './commerce/routes';
import { IntegrationsRepository } from './integrations/repository';
import { integrationsDomain } from './integrations/routes';
import { IntegrationsService, WEBHOOK_TIMEOUT_MS } from './integrations/service';
import { mailDomain } from './mail/routes';
import { mediaDomain } from './media/routes';
import { popupsDomain } from './popups/routes';
import type { DomainModule } from './module';
import { ProjectsRepository } from './projects/repository';
import { projectsDomain } from './projects/routes';
import { ProjectsService } from './projects/service';
import { systemDomain } from './system/routes';
import { TeamsRepository } from './teams/repository';
import { teamsDomain } from './teams/routes';
import { TeamsService } from './teams/service';

/** What the project domains need from outside. */
export interface DomainDeps {
  readonly clock: Clock;
  readonly mailer: Mailer;
  readonly box: SecretBox;
  readonly consoleUrl?: string | undefined;
  readonly webhookTimeoutMs?: number | undefined;
  /** Whether webhooks may reach addresses outside the public internet; `refuse` unless given. */
  readonly webhookPrivateAddresses?: PrivateAddressPolicy | undefined;
  /** How webhook deliveries resolve host names; the system resolver unless given (tests pass a fake). */
  readonly webhookResolver?: HostResolver | undefined;
  /** Replacements of the costly actions' limits (rate-limit/action-limits.ts); tests pass small ones. */
  readonly actionLimits?: Partial<ActionLimits> | undefined;
}

/** The repositories and services of the Projects area, built on one executor. */
export interface Domains {
  readonly access: AccessService;
  /** The limits of costly actions (uploads, invitation mails, webhook tests). */
  readonly limiter: ActionLimiter;
  readonly projectsRepository: ProjectsRepository;
  readonly projects: ProjectsService;
  readonly catalogRepository: CatalogRepository;
  readonly catalog: CatalogService;
  readonly integrationsRepository: IntegrationsRepository;
  readonly integrations: IntegrationsService;
  readonly teamsRepository: TeamsRepository;
  readonly teams: TeamsService;
}

/**
 * Builds the Projects area's repositories and services on `db`: the pool for the app, or one
 * transaction for work that must land whole (the demo data), since every repository method nests its
 * own transaction as a savepoint there.
 */
export function createDomains(db: Database, deps: DomainDeps): Domains {
  const projectsRepository = new ProjectsRepository(db);
  const catalogRepository = new CatalogRepository(db, deps.clock);
  const integrationsRepository = new IntegrationsRepository(db, deps.clock);
  const teamsRepository = new TeamsRepository(db, deps.clock);
  const limiter = new ActionLimiter(new ActionCountsRepository(db), deps.clock, actionLimitsWith(deps.actionLimits));
  return {
    access: new AccessService(new AccessRepository(db)),
    limiter,
    projectsRepository,
    projects: new ProjectsService({ repository: projectsRepository, audit: new AuditRepository(db), mailer: deps.mailer, clock: deps.clock, consoleUrl: deps.consoleUrl, limiter }),
    catalogRepository,
    catalog: new CatalogService(catalogRepository, deps.box),
    integrationsRepository,
    integrations: new IntegrationsService(integrationsRepository, deps.box, limiter, {
      timeoutMs: deps.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS,
      privateAddresses: deps.webhookPrivateAddresses ?? 'refuse',
      resolve: deps.webhookResolver,
    }),
    teamsRepository,
    teams: new TeamsService(teamsRepository),
  };
}

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
