import { createApprovalStore, type ApprovalCard } from './approvals';
import { createAuditLog, type AuditLog } from './audit-log';
import { type CallLimits, DEFAULT_CALL_LIMITS } from './call-limits';
import { type CallOptions, type CallOutcome, callTool } from './call-tool';
import { checkTool } from './check-tool';
import type { ToolContract } from './define-tool';
import type { ToolError } from './envelope';
import type { JsonSchema } from './json-schema';
import { projectDefinition, type Provider } from './project-definition';
import { RegistrationError } from './registration-error';
import type { RegistryState } from './registry-state';
import type { Session } from './session';
import type { ToolCall } from './tool-call';
import { approveProposal, denyProposal } from './decide-proposal';

export interface RegistryOptions<Services> {
  tools: readonly ToolContract<Services>[];
  /** Agent name → the tools it may call. A model is only ever told about its own list. */
  agents: Record<string, readonly string[]>;
  services: Services;
  audit?: AuditLog;
  limits?: Partial<CallLimits>;
  now?: () => number;
  newId?: () => string;
  translateError?: (error: unknown) => ToolError | undefined;
}

export interface Registry {
  toolNames(): string[];
  /** The definitions a model of `agent` sees, projected for `provider`. */
  definitions(agent: string, provider: Provider): unknown[];
  /** The JSON Schema of a tool's arguments (for the CLI and UI). */
  argumentsSchema(name: string): JsonSchema | undefined;
  call(agent: string, call: ToolCall, session: Session, options?: CallOptions): Promise<CallOutcome>;
  /** A person approves proposal `cardId` with the arguments they were shown. */
  approve(
    cardId: string,
    approvedArguments: unknown,
    session: Session,
    options?: CallOptions,
  ): Promise<CallOutcome>;
  /** A person declines proposal `cardId`; only the session that proposed it can. */
  deny(cardId: string, session: Session): CallOutcome;
  /** The cards of `session` still waiting for a decision (frozen copies). */
  pendingApprovals(session: Session): ApprovalCard[];
  readonly audit: AuditLog;
}

/** Builds a registry; throws `RegistrationError` for any tool or agent list that is a Perch bug. */
export function createRegistry<Services>(options: RegistryOptions<Services>): Registry {
  const tools = new Map<string, ToolContract<Services>>();
  const schemas = new Map<string, JsonSchema>();
  for (const tool of options.tools) {
    if (tools.has(tool.name))
      throw new RegistrationError(
        tool.name,
        'a tool with this name is already registered; give each tool a unique name',
      );
    schemas.set(tool.name, checkTool(tool as ToolContract<unknown>));
    tools.set(tool.name, tool);
  }
  const agents = new Map<string, readonly string[]>();
  for (const [agent, names] of Object.entries(options.agents)) {
    const unknown = names.filter((name) => !tools.has(name));
    if (unknown.length > 0)
      throw new RegistrationError(
        unknown[0]!,
        `agent '${agent}' lists a tool that is not registered; register it or remove it from the allow-list`,
      );
    agents.set(agent, [...names]);
  }
  const now = options.now ?? Date.now;
  let counter = 0;
  const newId = options.newId ?? (() => `p${now().toString(36)}${(counter++).toString(36)}`);
  const limits = { ...DEFAULT_CALL_LIMITS, ...options.limits };
  const state: RegistryState<Services> = {
    tools,
    agents,
    services: options.services,
    audit: options.audit ?? createAuditLog(),
    approvals: createApprovalStore({ now, newId, ttlMs: limits.approvalTtlMs }),
    limits,
    now,
    translateError: options.translateError,
  };
  return {
    toolNames: () => [...tools.keys()],
    definitions(agent, provider) {
      return (agents.get(agent) ?? []).map((name) =>
        projectDefinition(provider, name, tools.get(name)!.description, schemas.get(name)!),
      );
    },
    argumentsSchema: (name) => schemas.get(name),
    call: (agent, call, session, callOptions) => callTool(state, agent, call, session, callOptions),
    approve: (cardId, approvedArguments, session, callOptions) =>
      approveProposal(state, cardId, approvedArguments, session, callOptions),
    deny: (cardId, session) => denyProposal(state, cardId, session),
    pendingApprovals: (session) => state.approvals.pending(session.id),
    audit: state.audit,
  };
}
