import type { z } from 'zod';
import type { ToolFailure } from './envelope';
import type { Session, SessionRequirement } from './session';

/** Something a tool produces for the page, not for the model: map layers, charts, full tables. */
export interface Attachment {
  kind: string;
  /** Free-form payload; typed arrays and ArrayBuffers travel as transferables. */
  payload: unknown;
}

export interface ToolContext<Services> {
  session: Session;
  /** Fires at the deadline and on the user's Stop. Pass it on to every awaited operation. */
  signal: AbortSignal;
  services: Services;
  /** Hands a payload to the page out of band; it never enters the model's context. */
  attach(attachment: Attachment): void;
  /** The call id, for attachments and provenance. */
  callId: string;
}

/** The card a write tool proposes: what would happen, in words a person can approve. */
export interface ProposalSummary {
  title: string;
  /** What will happen, line by line ("fetch 2.1 MB from …", "add table `x` to this session"). */
  effects: string[];
}

/**
 * What a handler may return for output schema `Output`: a value of its input type (the registry
 * parses it against `Output` before the model sees it) or a failure for the model to read.
 * Returning any other shape fails `tsc` in the tool's own file.
 */
export type ToolResult<Output extends z.ZodType> = z.input<Output> | ToolFailure;

type MaybePromise<T> = T | Promise<T>;

interface ToolSpecBase<Input extends z.ZodObject> {
  /** snake_case verb, `^[A-Za-z_][A-Za-z0-9_]{0,63}$` (Gemini ∩ MCP naming rules). */
  name: string;
  /** Written for the model: when to use the tool and what it returns. */
  description: string;
  /** What the session must provide before the tool may run. @default [] */
  requires?: readonly SessionRequirement[];
  /** The one schema: validates arguments and is projected to every provider. Must be strict. */
  input: Input;
}

export interface ReadToolSpec<Input extends z.ZodObject, Output extends z.ZodType, Services>
  extends ToolSpecBase<Input> {
  scope: 'read';
  /** The one schema of a success's `data`: the handler's return type, and what readers import. */
  output: Output;
  run(args: z.output<Input>, context: ToolContext<Services>): MaybePromise<ToolResult<Output>>;
}

/**
 * A write tool has two halves and no `run`: a model's call can only reach `propose`;
 * `execute` is reachable only through an approval a person gave (`registry.approve`).
 */
export interface WriteToolSpec<Input extends z.ZodObject, Output extends z.ZodType, Services>
  extends ToolSpecBase<Input> {
  scope: 'write';
  /** The one schema of what an approved `execute` returns as `data`. */
  output: Output;
  propose(args: z.output<Input>, context: ToolContext<Services>): MaybePromise<ProposalSummary | ToolFailure>;
  execute(args: z.output<Input>, context: ToolContext<Services>): MaybePromise<ToolResult<Output>>;
}

export type ToolContract<Services = unknown> =
  // Arguments are validated against `input` before a handler sees them, and results against
  // `output` after, so both types are erased here to let one registry hold different tools.
  ReadToolSpec<z.ZodObject, z.ZodType, Services> | WriteToolSpec<z.ZodObject, z.ZodType, Services>;

/**
 * A registered tool that keeps its name and output schema in its type, so a list of them can
 * say which result each name answers (src/tools/index.ts `ToolResults`).
 */
export type DefinedTool<Services, Name extends string, Output extends z.ZodType> = ToolContract<Services> & {
  readonly name: Name;
  readonly output: Output;
};

/**
 * Returns the `defineTool` of a layer whose handlers receive `Services` (the tools layer binds
 * its engine this way), so each tool file infers its argument types from its own schema.
 * The value is checked again when a registry is built (`createRegistry`).
 */
export function defineToolFor<Services>() {
  return function defineTool<Name extends string, Input extends z.ZodObject, Output extends z.ZodType>(
    spec: (ReadToolSpec<Input, Output, Services> | WriteToolSpec<Input, Output, Services>) & { name: Name },
  ): DefinedTool<Services, Name, Output> {
    if (spec.scope === 'write' && 'run' in spec) {
      throw new Error(
        `tool '${spec.name}': a write tool cannot have run(); declare propose() and execute() so a person approves each call`,
      );
    }
    return spec as unknown as DefinedTool<Services, Name, Output>;
  };
}
