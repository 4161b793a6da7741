/** The build stamp used when the build defined none (a development server). */
export const devBuild = 'dev';

/** This bundle's build stamp (`__RENDERER_BUILD__`, defined by the build), or `dev`. */
export function compiledRendererBuild(): string {
  return typeof __RENDERER_BUILD__ === 'string' && __RENDERER_BUILD__.length > 0 ? __RENDERER_BUILD__ : devBuild;
}

/**
 * Whether main serves a newer renderer than the one running: both stamps known and different.
 * A development bundle never prompts (its stamp means "unknown", not "old").
 */
export function isNewContentAvailable(compiled: string, served: string | null | undefined): boolean {
  if (!served || compiled === devBuild || served === devBuild) return false;
  return compiled !== served;
}
