/**
 * The version of what the pipeline writes (tables, columns, keys, encodings). catalog.json carries
 * it and the engine opens only a catalog of this version: an app reading data from another
 * pipeline answered wrongly instead of failing (a folder built before the whole range's
 * `weekly_regions` key became 'range' gave "no modelled weeks in late March"). Bump it with every
 * change to the output of the same inputs; the incremental build then redoes the work too.
 */
export const DATA_VERSION = 8;
