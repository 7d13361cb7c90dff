// Finding eBird S&T inputs in the paths a person gives (issue 15). Used by build-data.ts and tests.
export { checkResolution } from './check-resolution';
export { describeDiscovery, formatSize } from './describe-discovery';
export { discoverInputs } from './discover-inputs';
export type { Discovery, IgnoredEntry, StatusInput, TrendsInput } from './discovery';
export { discoveryFiles } from './discovery-files';
export type { InputFile } from './discovery-files';
