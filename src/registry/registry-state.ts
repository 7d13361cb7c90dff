import type { ApprovalStore } from './approvals';
import type { AuditLog } from './audit-log';
import type { CallLimits } from './call-limits';
import type { ToolContract } from './define-tool';
import type { ToolError } from './envelope';

/** What `callTool` needs from a registry; built once by `createRegistry`. */
export interface RegistryState<Services> {
  tools: ReadonlyMap<string, ToolContract<Services>>;
  /** Agent name → the tools it may call, in the order they are listed to the model. */
  agents: ReadonlyMap<string, readonly string[]>;
  services: Services;
  audit: AuditLog;
  approvals: ApprovalStore;
  limits: CallLimits;
  now: () => number;
  /** Turns a known failure from a lower layer (the engine's `sql_rejected`…) into model-readable data. */
  translateError?: (error: unknown) => ToolError | undefined;
}
