package dev.trellis.error;

/**
 * The stable code of every {@link TrellisException}. A code's {@link #name()} is what logs,
 * messages ({@code [TRELLIS-CODE]}) and the server's JSON carry; names never change once
 * published, so clients and conformance scenarios may compare them.
 */
public enum ErrorCode {
  // --- building a graph (InvalidGraphException) ---
  /** An edge, route, Send, goto or option names a node that is not in the graph. */
  UNKNOWN_NODE,
  /** A node (or spec stage) is declared twice, or takes the name of a state key. */
  DUPLICATE_NODE,
  /** An edge that cannot exist: from END, into START, a join without sources, a bad spec edge kind. */
  INVALID_EDGE,
  /** The graph has no edge from START. */
  NO_ENTRY,
  /** A node cannot be reached from START. */
  UNREACHABLE_NODE,
  /** A node name is reserved by the engine (START, END, names starting {@code __}, names holding {@code |} or {@code :}). */
  RESERVED_NAME,
  /** A state key name is empty or reserved by the engine ({@code __…}, {@code branch:to:…}, {@code join:…}). */
  INVALID_KEY,
  /** A state key is declared twice in one schema. */
  DUPLICATE_KEY,
  /** A state key names a reducer rule the schema does not know. */
  UNKNOWN_REDUCER,
  /** A router returned something that is not a node name, END, a Send or a collection of those. */
  INVALID_ROUTE,
  /** A topology spec is not valid JSON/YAML. */
  INVALID_SPEC,
  /** A topology spec stage has no node bound to it. */
  MISSING_NODE,
  /** A topology spec's conditional edge has no condition bound to it. */
  MISSING_CONDITION,
  // --- declaring a tool pipeline (trellis-pipeline; InvalidGraphException) ---
  /** A tool is registered under a name the tool pipeline reserves. */
  RESERVED_TOOL_NAME,
  /** A tool is declared twice in one pipeline. */
  DUPLICATE_TOOL,
  /** A tool depends on a tool that is not declared. */
  UNKNOWN_TOOL,
  /** Tool dependencies form a cycle. */
  TOOL_CYCLE,
  /** A tool registry file or entry cannot be read or is inconsistent. */
  INVALID_TOOL_REGISTRY,

  // --- writing state (InvalidUpdateException) ---
  /** A write, update or input/output key names a key that is not in the state schema. */
  UNKNOWN_KEY,
  /** A single-value key received several values in one superstep. */
  INVALID_CONCURRENT_UPDATE,
  /** A key received more than one {@code Overwrite} in one superstep. */
  INVALID_CONCURRENT_GRAPH_UPDATE,
  /** Run input has a type the engine does not accept. */
  INVALID_INPUT,
  /** Run input writes a key that is not among the graph's input keys. */
  NOT_AN_INPUT,
  /** Run input breaks a constraint its graph declares ({@code StateGraph.inputValidator}). */
  INPUT_VIOLATION,
  /** A {@code Command} is malformed (e.g. its goto holds something other than node names or Sends). */
  INVALID_COMMAND,
  /** {@code Command.toParentGraph()} was used where there is no parent graph. */
  NO_PARENT_GRAPH,
  /** A state update holds no values (or a bulk update no supersteps). */
  EMPTY_UPDATE,
  /** A state update does not say which node it is made as, and the engine cannot tell. */
  AMBIGUOUS_UPDATE,

  // --- running (TrellisException and its subclasses) ---
  /** A run started with no input and nothing to resume. */
  EMPTY_INPUT,
  /** A plain resume value was given while several interrupts are pending. */
  AMBIGUOUS_RESUME,
  /** The run used up its recursion limit with tasks still pending. */
  RECURSION_LIMIT,
  /** A node's own code failed after its retries. */
  NODE_ERROR,
  /** A node attempt ran past its run or idle timeout. */
  NODE_TIMEOUT,
  /** A functional-API task failed; the cause is attached. */
  TASK_FAILED,
  /** A router run by a state update (as a node) failed. */
  UPDATE_ROUTER_FAILED,
  /** An operation needs a checkpointer and the graph was compiled without one. */
  NO_CHECKPOINTER,
  /** An operation needs a thread id and the run config has none. */
  MISSING_THREAD,
  /** A checkpoint id does not exist on the thread. */
  UNKNOWN_CHECKPOINT,
  /** {@code Verification} found violations; the message lists them. */
  VERIFY_FAILED,

  // --- agents (trellis-agent) ---
  /** A call-limit middleware set to fail reached its limit. */
  LIMIT_EXCEEDED,
  /** An agent would go past its budget (model calls, tokens or cost). */
  BUDGET_EXCEEDED,
  /** A model's structured answer does not follow its schema. */
  STRUCTURED_OUTPUT,
  /** A model's structured answer is not a JSON object at all. */
  STRUCTURED_RESPONSE
}
