import { configCommonLabels } from './common.labels';
import { configKindRoutes, configRecordRoutes, type ConfigKindRoutes } from './routes';
import { configKinds, type ConfigKindName } from './kinds';
import type { AnyConfigKind } from './define-kind';

export * from './define-kind';
export * from './evaluate';
export * from './schedule';
export * from './targeting';
export * from './routes';
export * from './kinds';

type KindsUnion = (typeof configKinds)[number];
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** The routes of every kind, spread into the API route table (contract/api/index.ts). */
export const configRoutes = Object.assign({}, configRecordRoutes, ...configKinds.map((kind) => configKindRoutes(kind))) as typeof configRecordRoutes &
  UnionToIntersection<KindsUnion extends infer K ? (K extends { name: infer N extends string } ? ConfigKindRoutes<N> : never) : never>;

const kindsByName: ReadonlyMap<string, AnyConfigKind> = new Map(configKinds.map((kind) => [kind.name, kind]));

/** The kind of a name, if there is one. */
export function configKindOf(name: string): AnyConfigKind | undefined {
  return kindsByName.get(name);
}

/** The kind whose console segment is `segment` (`subscribe`). */
export function configKindBySegment(segment: string): AnyConfigKind | undefined {
  return configKinds.find((kind) => kind.segment === segment);
}

/** Every kind's name, for audit filters. */
export const configKindNames = configKinds.map((kind) => kind.name) as unknown as readonly [ConfigKindName, ...ConfigKindName[]];

type Texts<L extends 'en-US' | 'zh-CN'> = { readonly common: (typeof configCommonLabels)[L] } & { readonly [K in ConfigKindName]: Extract<KindsUnion, { name: K }>['texts'][L] };

function textsOf<L extends 'en-US' | 'zh-CN'>(language: L): Texts<L> {
  return Object.fromEntries([['common', configCommonLabels[language]], ...configKinds.map((kind) => [kind.name, kind.texts[language]])]) as Texts<L>;
}

/** The `config` namespace in both languages: the common texts and each kind's under its name. */
export const configLabels = { 'en-US': textsOf('en-US'), 'zh-CN': textsOf('zh-CN') } as const;
