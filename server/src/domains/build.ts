/**
 * The Projects area's repositories and services, built in one place on one executor. Apart from the
 * domain modules (domains/index.ts), so that `ServerDeps` (module.ts) can name them without importing
 * every domain's routes, which import module.ts.
 */
import type { Database } from '../db/client';
import type { SecretBox } from '../crypto/secret-box';
import type { Mailer } from '../mail/mailer';
import type { HostResolver, PrivateAddressPolicy } from '../net/outbound-address';
import { ActionCountsRepository } from '../rate-limit/action-counts-repository';
import { ActionLimiter } from '../rate-limit/action-limiter';
import { actionLimitsWith, type ActionLimits } from '../rate-limit/action-limits';
import { AuditRepository } from '../resources/audit';
import type { Clock } from '../shared/clock';
import { AccessRepository } from './access/repository';
import { AccessService } from './access/service';
import { CatalogRepository } from './catalog/repository';
import { CatalogService } from './catalog/service';
import { IntegrationsRepository } from './integrations/repository';
import { IntegrationsService, WEBHOOK_TIMEOUT_MS } from './integrations/service';
import { ProjectsRepository } from './projects/repository';
import { ProjectsService } from './projects/service';
import { TeamsRepository } from './teams/repository';
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
