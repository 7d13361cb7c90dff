/** Error codes of the data build (snake_case, like every layer's codes). */
export type PipelineErrorCode =
  | 'input_not_found'
  | 'unknown_layout'
  | 'truncated_tiff'
  | 'unreadable_tiff'
  | 'wrong_crs'
  | 'unexpected_grid'
  | 'missing_band'
  | 'bad_config'
  | 'bad_geopackage'
  | 'bad_csv'
  | 'missing_species_name'
  | 'download_failed'
  | 'resolution_unavailable'
  | 'parts_failed'
  | 'parts_missing';

/**
 * A problem with the input, not a bug in Perch: it names the file and says what to do.
 * Message form: `<code>: <file>: <detail>. <what to do>`.
 */
export class PipelineError extends Error {
  readonly code: PipelineErrorCode;
  readonly file: string;

  constructor(code: PipelineErrorCode, file: string, detail: string, action: string) {
    super(`${code}: ${file}: ${detail}. ${action}`);
    this.name = 'PipelineError';
    this.code = code;
    this.file = file;
  }
}
