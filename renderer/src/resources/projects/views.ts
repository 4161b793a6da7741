import {
  appResource,
  entitlementResource,
  offeringResource,
  projectCreateSchema,
  projectResource,
  roleResource,
  skuResource,
  teamResource,
  webhookResource,
} from '@contract/resources/projects';
import type { ResourceView } from '../resource-view';
import { defaultNameOf } from '../resource-view';

/**
 * How the Projects area shows its resources with the generic list and form (docs/ARCHITECTURE.md
 * "Resources: declared once"): everything else comes from the declarations in
 * contract/resources/projects.ts.
 */

/** Projects: create with a name only; the owner deletes, which takes everything in the project. */
export const projectView: ResourceView = {
  resource: projectResource,
  nameOf: defaultNameOf,
  columns: { enabledColumn: false, auditVisible: ['updatedAt'] },
  createSchema: projectCreateSchema,
  updateSchema: projectCreateSchema,
  deleteConfirmKey: 'projects:project.deleteConfirm',
  related: ['me'],
};

export const appView: ResourceView = {
  resource: appResource,
  nameOf: defaultNameOf,
  columns: {
    lead: 'name',
    extra: [{ id: 'setup', labelKey: 'projectPages:apps.setup', width: 240, sortable: false, kind: 'text', defaultVisible: true, required: false }],
    auditVisible: ['updatedAt'],
  },
  related: ['skus', 'teams', 'me'],
};

export const skuView: ResourceView = {
  resource: skuResource,
  nameOf: (item) => `${String(item.name)} (${String(item.storeProductId)})`,
  columns: { auditVisible: ['updatedAt'] },
  related: ['entitlements', 'offerings'],
};

export const entitlementView: ResourceView = {
  resource: entitlementResource,
  nameOf: defaultNameOf,
  columns: {
    extra: [
      {
        id: 'skuIds',
        labelKey: 'projects:entitlement.fields.skuIds',
        width: 280,
        sortable: false,
        kind: 'multiselect',
        defaultVisible: true,
        required: false,
      },
    ],
    auditVisible: ['updatedAt'],
  },
  related: ['skus'],
};

export const offeringView: ResourceView = {
  resource: offeringResource,
  nameOf: defaultNameOf,
  columns: {
    extra: [{ id: 'skuIds', labelKey: 'projects:offering.fields.skuIds', width: 280, sortable: false, kind: 'multiselect', defaultVisible: true, required: false }],
    auditVisible: ['updatedAt'],
  },
};

export const webhookView: ResourceView = {
  resource: webhookResource,
  nameOf: (item) => String(item.url),
  columns: { auditVisible: ['updatedAt'] },
};

export const teamView: ResourceView = {
  resource: teamResource,
  nameOf: defaultNameOf,
  columns: { enabledColumn: false, auditVisible: ['updatedAt'] },
};

export const roleView: ResourceView = {
  resource: roleResource,
  nameOf: defaultNameOf,
  columns: {
    extra: [{ id: 'menus', labelKey: 'projects:role.fields.menus', width: 300, sortable: false, kind: 'multiselect', defaultVisible: true, required: false }],
    enabledColumn: false,
    auditVisible: ['updatedAt'],
  },
  related: ['me'],
};
