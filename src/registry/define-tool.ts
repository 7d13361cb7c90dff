import type { z } from 'zod';
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

export interface ReadToolSpec<Input extends z.ZodObject, Services> extends ToolSpecBase<Input> {
  scope: 'read';
  run(args: z.output<Input>, context: ToolContext<Services>): unknown;
}

/**
 * A write tool has two halves and no `run`: a model's call can only reach `propose`;
 * `execute` is reachable only through an approval a person gave (`registry.approve`).
 */
export interface WriteToolSpec<Input extends z.ZodObject, Services> extends ToolSpecBase<Input> {
  scope: 'write';
  propose(args: z.output<Input>, context: ToolContext<Services>): ProposalSummary | Promise<ProposalSummary>;
  execute(args: z.output<Input>, context: ToolContext<Services>): unknown;
}

export type ToolContract<Services = unknown> =
  // Arguments are validated against `input` before a handler sees them, so the handler's
  // parameter type is erased here to let one registry hold tools with different schemas.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  ReadToolSpec<z.ZodObject, Services> | WriteToolSpec<z.ZodObject, Services>;

/**
 * Returns the `defineTool` of a layer whose handlers receive `Services` (the tools layer binds
 * its engine this way), so each tool file infers its argument types from its own schema.
 * The value is checked again when a registry is built (`createRegistry`).
 */
export function defineToolFor<Services>() {
  return function defineTool<Input extends z.ZodObject>(
    spec: ReadToolSpec<Input, Services> | WriteToolSpec<Input, Services>,
  ): ToolContract<Services> {
    if (spec.scope === 'write' && 'run' in spec) {
      throw new Error(
        `tool '${spec.name}': a write tool cannot have run(); declare propose() and execute() so a person approves each call`,
      );
    }
    return spec as unknown as ToolContract<Services>;
  };
}
