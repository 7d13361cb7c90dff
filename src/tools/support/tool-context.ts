import type { ToolContext } from '../../registry';
import type { ToolServices } from '../define-tool';

/** The context every Perch handler receives. */
export type PerchContext = ToolContext<ToolServices>;
