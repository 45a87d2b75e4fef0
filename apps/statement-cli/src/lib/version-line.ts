import type { BuildInfo } from './build-info';

/** The one line `stmt --version` and `stmt version` print. */
export function versionLine(version: string, build: BuildInfo): string {
  return `stmt ${version} (commit ${build.commit}, built ${build.buildDate})`;
}
