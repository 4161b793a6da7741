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
import { defaultNameOf, defineView } from '../resource-view';

/**
 * How the Projects area shows its resources with the generic list and form (docs/ARCHITECTURE.md
 * "Resources: declared once"): everything else comes from the declarations in
 * contract/resources/projects.ts.
 */

/** Projects: create with a name only; the owner deletes, which takes everything in the project. */
export const projectView = defineView(projectResource, {
  nameOf: defaultNameOf,
  columns: { enabledColumn: false, auditVisible: ['updatedAt'] },
  createSchema: projectCreateSchema,
  updateSchema: projectCreateSchema,
  deleteConfirmKey: 'projects:project.deleteConfirm',
  related: ['me'],
});

export const appView = defineView(appResource, {
  nameOf: defaultNameOf,
  columns: {
    lead: 'name',
    extra: [{ id: 'setup', labelKey: 'projectPages:apps.setup', width: 240, sortable: false, kind: 'text', defaultVisible: true, required: false }],
    auditVisible: ['updatedAt'],
  },
  related: ['skus', 'teams', 'me'],
});

export const skuView = defineView(skuResource, {
  nameOf: (item) => `${item.name} (${item.storeProductId})`,
  columns: { auditVisible: ['updatedAt'] },
  related: ['entitlements', 'offerings'],
});

export const entitlementView = defineView(entitlementResource, {
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
});

export const offeringView = defineView(offeringResource, {
  nameOf: defaultNameOf,
  columns: {
    extra: [{ id: 'skuIds', labelKey: 'projects:offering.fields.skuIds', width: 280, sortable: false, kind: 'multiselect', defaultVisible: true, required: false }],
    auditVisible: ['updatedAt'],
  },
});

export const webhookView = defineView(webhookResource, {
  nameOf: (item) => item.url,
  columns: { auditVisible: ['updatedAt'] },
});

export const teamView = defineView(teamResource, {
  nameOf: defaultNameOf,
  columns: { enabledColumn: false, auditVisible: ['updatedAt'] },
});

export const roleView = defineView(roleResource, {
  nameOf: defaultNameOf,
  columns: {
    extra: [{ id: 'menus', labelKey: 'projects:role.fields.menus', width: 300, sortable: false, kind: 'multiselect', defaultVisible: true, required: false }],
    enabledColumn: false,
    auditVisible: ['updatedAt'],
  },
  related: ['me'],
});
