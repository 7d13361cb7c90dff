// The registry's public surface. Any export added here becomes API for tools, agent and UI;
// named exports only.
export { defineToolFor } from './define-tool';
export type {
  Attachment,
  ProposalSummary,
  ReadToolSpec,
  ToolContext,
  ToolContract,
  WriteToolSpec,
} from './define-tool';
export { createRegistry } from './create-registry';
export { checkToolsAhead } from './check-tool';
export type { Registry, RegistryOptions } from './create-registry';
export type { CallOptions, CallOutcome } from './call-tool';
export { DEFAULT_CALL_LIMITS } from './call-limits';
export type { CallLimits } from './call-limits';
export { REGISTRY_ERROR_CODES, isToolFailure, toolFailure } from './envelope';
export type {
  ArgumentProblem,
  RegistryErrorCode,
  ToolEnvelope,
  ToolError,
  ToolErrorCode,
  ToolFailure,
} from './envelope';
export type { Session, SessionRequirement } from './session';
export type { ToolCall } from './tool-call';
export { createAuditLog, toJsonLines } from './audit-log';
export type { AuditEntry, AuditLog, AuditOutcome } from './audit-log';
export type { ApprovalCard } from './approvals';
export { PERSON_AGENT } from './decide-proposal';
export { PROVIDERS, assertNever } from './project-definition';
export type { Provider } from './project-definition';
export { RegistrationError } from './registration-error';
export { canonicalJson } from './canonical-json';
export { deserialize, serialize, toModelValue } from './serialize';
export { redact, redactText, REDACTED } from './redact';
export { fromGeminiParts, toGeminiResponseParts } from './providers/gemini';
export type { GeminiFunctionCallPart, GeminiFunctionDeclaration } from './providers/gemini';
export { fromOpenAiChatToolCalls, toOpenAiChatToolMessages } from './providers/openai';
export type { OpenAiChatToolCall } from './providers/openai';
export { fromMcpCall, toMcpToolResult } from './providers/mcp';
export type { McpToolResult } from './providers/mcp';
