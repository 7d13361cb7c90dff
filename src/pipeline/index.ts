// The pipeline's public surface (node-only). Any new export here is used by cli/, bench/ and tests.
export { buildData } from './build-data';
export type { BuildOptions, BuildReport, BuildProgressEvent } from './build-data';
export { buildShard } from './split/build-shard';
export type { ShardOptions, ShardReport } from './split/build-shard';
export type { Shard } from './split/shard';
export type { PartsSummary } from './split/ensure-parts';
export { PipelineError } from './pipeline-error';
export type { PipelineErrorCode } from './pipeline-error';
export { DEFAULT_SIMULATION } from './simulate/simulate-species';
export type { SimulateOptions } from './simulate/simulate-species';
export { EXAMPLE_BASE_URL } from './download-example';
export { TABLE_SPECS } from './tables/table-specs';
