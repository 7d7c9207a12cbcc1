package dev.trellis.apps.rrc;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.middleware.HumanReview;
import dev.trellis.agent.observe.Observed;
import dev.trellis.agent.tool.ToolCallRequest;
import dev.trellis.agent.tool.ToolContext;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code tool_node}: runs the pending tool calls. Before dispatch, the before_tool_call gate
 * ({@code platform:hitl_on_mutating_capability}) stops a round holding a mutating call: it
 * creates the durable approval, saves {@code pending_mutation} (frozen call id, arguments and
 * approval id; 7-day TTL), strips the round so no assistant tool_call is left unanswered, and
 * pauses ({@code awaiting_hitl}). An approved replay (the frozen call resume_guard rebuilt) skips
 * the gate, runs once — claimed on the approval record — and clears the mutation. A gated call
 * asked while another change waits closes that change's approval first (the request was
 * changed); {@code cancel_pending_change} closes it and forgets the change — unless the reviewer's
 * decision was recorded first: approved, the frozen call runs in this very step (claimed once, as a
 * replay) and the cancel's result says it was already approved; rejected, nothing runs. After each
 * call, the loaded skills' {@code require_hitl} rules and the force-clarify rule fire. A rule
 * firing on a tool the synthesis call ran (a skill's work done once the skill was injected, after
 * approval_node) hands the loop back to the initial phase: the results return to
 * initial_llm_call and so pass skill selection and approval_node, which asks for the review.
 */
final class ToolStep {
  static final String MUTATION_CHECKPOINT = "mutating_capability";
  static final int FORCE_CLARIFY_AFTER = 3;
  /** A cancel's result when the reviewer's approval was recorded first: the change runs, it is not withdrawn. */
  static final String ALREADY_APPROVED = "already_approved";
  /** A cancel's results when the approval was closed before it by a rejection or an earlier withdrawal: nothing waits. */
  static final List<String> CLOSED_BEFORE = List.of("already_rejected", "already_withdrawn");
  private final RrcDeps deps;

  ToolStep(RrcDeps deps) {
    this.deps = deps;
  }

  @SuppressWarnings("unchecked")
  Update apply(State s, Runtime rt) {
    List<Message.ToolCall> calls = s.getOrDefault(GraphState.PENDING_TOOL_CALLS, List.of());
    String conv = Turn.thread(s, rt);
    Memory memory = new Memory(rt.store());
    Map<String, Object> pm = s.get(GraphState.PENDING_MUTATION);
    Update u = Update.of(GraphState.CURRENT_NODE, Routing.TOOL_NODE).and(GraphState.PENDING_TOOL_CALLS, List.of())
        .and(GraphState.ITERATION, Turn.integer(s, "iteration", 0) + 1);
    boolean replay = pm != null && Approval.APPROVED.equals(pm.get("status")) && calls.size() == 1
        && calls.getFirst().id().equals(pm.get("tool_call_id"));
    if (!replay) {
      for (Message.ToolCall call : calls) {
        if (EntityTools.MUTATING.contains(call.name())) {
          return gate(s, rt, u, call, conv, memory);
        }
      }
    }
    VisibleTools visible = VisibleTools.of(s, deps);
    Map<String, Object> toolWrites = new LinkedHashMap<>();
    List<Message> answers = new ArrayList<>();
    State current = s;
    boolean hitl = Boolean.TRUE.equals(s.get(GraphState.HITL_REQUIRED));
    String checkpoint = s.get(GraphState.HITL_CHECKPOINT_TYPE);
    List<String> fired = new ArrayList<>(s.getOrDefault(GraphState.HITL_CHECKPOINT_TYPES, List.of()));
    boolean ruleFired = false;
    boolean withdrawn = false;
    List<Message.ToolCall> work = new ArrayList<>(calls);
    Message.ToolCall lateApproved = null;   // a cancel that lost to the reviewer's approval: the frozen call runs now
    for (int k = 0; k < work.size(); k++) {
      Message.ToolCall call = work.get(k);
      String name = call.name();
      boolean replaying = replay || call == lateApproved;
      Map<String, Object> output;
      ToolResult result = null;
      if (call == lateApproved) {
        answers.add(new Message.Ai(null, "", List.of(call), null));
      }
      if (PendingChange.CANCEL.equals(name) && !replaying) {
        output = withdraw(s, rt, pm, memory, conv);
        withdrawn |= Approval.WITHDRAWN.equals(output.get("status")) || CLOSED_BEFORE.contains(output.get("status"));
        if (ALREADY_APPROVED.equals(output.get("status")) && lateApproved == null) {
          lateApproved = new Message.ToolCall((String) pm.get("tool_call_id"), (String) pm.get("tool_name"),
              (Map<String, Object>) pm.get("args"));
          work.add(lateApproved);
        }
      } else if (replaying && !deps.approvals().claimExecution((String) pm.get("approval_id"),
          subject(s, rt, (String) pm.get("execution_id"), name, call.id(), call.args()))) {
        output = Map.of("status", "not_run", "approval_id", pm.get("approval_id"),
            "message", "the approval does not authorise this call, or its single execution is spent");
      } else {
        try {
          State seen = current;
          boolean replayed = replaying;
          // one execute_tool span per call, nested in this node's span; a failed call's carries error.type
          result = (ToolResult) Observed.tool(new ToolCallRequest(call, null, new ToolContext(seen, rt, call)), () -> {
            String binding = visible.bindings().get(name);
            if (binding == null && !replayed) {
              throw new IllegalArgumentException("tool \"" + name + "\" is not available to this agent (visible: "
                  + visible.bindings().keySet() + ")");
            }
            return deps.tools().get(binding == null ? name : binding)
                .call(call.args(), new RrcTool.Call(seen, call.id(), deps.kg()));
          });
          output = result.output();
        } catch (Exception e) {
          output = Map.of("status", "error", "message", String.valueOf(e.getMessage()));
        }
      }
      answers.add(Msgs.tool(call.id(), name, Msgs.json(output)));
      if (result != null) {
        Map<String, Object> after = new LinkedHashMap<>(current.toMap());
        after.putAll(result.stateUpdates());
        current = State.of(after);
        toolWrites.putAll(result.stateUpdates());
        if (result.workingMemory().get("entity") instanceof Map<?, ?> entity) {
          memory.addEntity(conv, (Map<String, Object>) entity);
        }
        for (String skillId : visible.skills()) {
          for (Skill.Rule rule : deps.skills().find(skillId).map(Skill::rules).orElse(List.of())) {
            if ("after_tool_call".equals(rule.trigger()) && "require_hitl".equals(rule.action()) && name.equals(rule.tool())) {
              hitl = true;
              ruleFired = true;
              checkpoint = rule.checkpointType();
              fired.remove(checkpoint);
              fired.add(checkpoint);
              deps.tracing().record("hitl.rule_fire", Map.of("skill_id", skillId, "rule_key", rule.ruleKey(),
                  "trigger", rule.trigger(), "tool_name", name, "checkpoint_type", rule.checkpointType()));
            }
          }
        }
        if (name.equals("entity_resolve")
            && Turn.integer(current, "consecutive_failed_resolves", 0) >= FORCE_CLARIFY_AFTER) {
          hitl = true;
          checkpoint = "force_clarify";
          fired.remove(checkpoint);
          fired.add(checkpoint);
          deps.tracing().record("hitl.rule_fire", Map.of("skill_id", "platform",
              "rule_key", "platform:force_clarify_after_failed_resolves", "trigger", "after_tool_call", "tool_name", name,
              "checkpoint_type", "force_clarify"));
          if ("abort".equals(Turn.metadata(s).get("force_clarify_action"))) {
            return merged(toolWrites, u).and(GraphState.MESSAGES, answers)
                .and(GraphState.STATUS, GraphState.FAILED)
                .and(GraphState.ERROR, "aborted after " + FORCE_CLARIFY_AFTER + " failed entity resolves (tenant override)");
          }
        }
      }
    }
    u = merged(toolWrites, u).and(GraphState.MESSAGES, answers)
        .and(GraphState.HITL_REQUIRED, hitl).and(GraphState.HITL_CHECKPOINT_TYPE, checkpoint)
        .and(GraphState.HITL_CHECKPOINT_TYPES, (List<String>) fired);
    if (ruleFired && GraphState.SYNTHESIS.equals(s.get(GraphState.LLM_PHASE))) {
      u = u.and(GraphState.LLM_PHASE, GraphState.INITIAL);   // the review comes before the summary
    }
    if (withdrawn && lateApproved == null) {
      u = u.and(GraphState.PENDING_MUTATION, null).and(GraphState.HITL_APPROVAL_ID, null)
          .and(GraphState.HITL_CHECKPOINT_TYPE, null).and(GraphState.HITL_REQUIRED, false);
    }
    if (replay || lateApproved != null) {
      memory.clearPendingMutation(conv);
      u = u.and(GraphState.PENDING_MUTATION, null).and(GraphState.HITL_APPROVAL_ID, null)
          .and(GraphState.HITL_CHECKPOINT_TYPE, null).and(GraphState.HITL_REQUIRED, false);
    }
    return u;
  }

  /** The state updates the tools declared, then the node's own writes (which win on a clash). */
  private static Update merged(Map<String, Object> toolWrites, Update own) {
    Map<String, Object> all = new LinkedHashMap<>(toolWrites);
    all.putAll(own.values());
    return Update.of(all);
  }

  /**
   * What the approval of a gated call authorises: this conversation, the execution that asked,
   * the mutation checkpoint, and the call itself (name, id, digest of its exact arguments).
   */
  static Approval.Subject subject(State s, Runtime rt, String executionId, String toolName, String toolCallId,
                                  Map<String, Object> args) {
    return new Approval.Subject(Turn.thread(s, rt), Turn.conversation(s, rt), Turn.tenant(s), executionId,
        List.of(MUTATION_CHECKPOINT), toolName, toolCallId, Digests.of(args), null);
  }

  /**
   * {@code cancel_pending_change}: closes the approval of the change that waits ({@link ApprovalService#withdraw},
   * which checks it is this conversation's and this very call's) and forgets the change; the result says what
   * was withdrawn, or why nothing was.
   */
  @SuppressWarnings("unchecked")
  private Map<String, Object> withdraw(State s, Runtime rt, Map<String, Object> pm, Memory memory, String conv) {
    if (pm == null || !(pm.get("args") instanceof Map<?, ?> args) || !(pm.get("approval_id") instanceof String id)) {
      return Map.of("status", "nothing_pending", "message", "no change is waiting for approval");
    }
    String name = (String) pm.get("tool_name");
    boolean closed;
    try {
      closed = deps.approvals().withdraw(id, subject(s, rt, (String) pm.get("execution_id"), name,
          (String) pm.get("tool_call_id"), (Map<String, Object>) args), "withdrawn by the requester");
    } catch (RuntimeException e) {
      return Map.of("status", "not_withdrawn", "approval_id", id,
          "message", "the approval service is unavailable, so the change still waits: " + e.getMessage());
    }
    if (!closed) {
      // the first of decision and withdrawal recorded wins: say which came first, and what follows from it
      Approval now = ResumeGuard.verdict(deps.approvals(), id);
      if (now == null || ResumeGuard.mismatch(s, rt, pm, now) != null) {
        return Map.of("status", "not_withdrawn", "approval_id", id,
            "message", "no change of this conversation waits under approval " + id + ", so nothing was withdrawn");
      }
      String what = change(name, (Map<String, Object>) args);
      String lower = Character.toLowerCase(what.charAt(0)) + what.substring(1);
      return switch (now.status()) {
        case Approval.APPROVED -> Map.of("status", ALREADY_APPROVED, "approval_id", id, "tool_name", name, "args", args,
            "reviewer", String.valueOf(now.reviewer()), "message", now.reviewer() + " had already approved " + lower
                + " before the cancel arrived, so it could not be withdrawn: it runs now");
        case Approval.REJECTED -> {
          memory.clearPendingMutation(conv);
          yield Map.of("status", "already_rejected", "approval_id", id, "tool_name", name, "args", args,
              "reviewer", String.valueOf(now.reviewer()), "message", PendingChange.rejectedFirst(name,
                  (Map<String, Object>) args, now.reviewer(), now.comment()));
        }
        case Approval.WITHDRAWN -> {
          memory.clearPendingMutation(conv);
          yield Map.of("status", "already_withdrawn", "approval_id", id, "tool_name", name, "args", args,
              "message", lower + " was already withdrawn, so it was not run and nothing waits any more");
        }
        default -> Map.of("status", "not_withdrawn", "approval_id", id,
            "message", "approval " + id + " could not be withdrawn (" + now.status() + "); the change still waits");
      };
    }
    memory.clearPendingMutation(conv);
    return Map.of("status", Approval.WITHDRAWN, "approval_id", id, "tool_name", name, "args", args,
        "change", change(name, (Map<String, Object>) args));
  }

  /**
   * A gated change as the user reads it, every field it changes named: "Creating operator "Lone Star Flaring LLC"",
   * "Renaming w-1 to "Hutto 3H-R" and setting its attributes to status "plugged"", "Linking a operates b".
   */
  static String change(String tool, Map<String, Object> args) {
    return switch (tool) {
      case "create_entity" -> "Creating " + args.get("entity_type") + " \"" + args.get("name") + "\"";
      case "update_entity" -> {
        String attributes = args.get("attributes") == null ? "" : attributes(args.get("attributes"));
        yield args.get("name") != null
            ? "Renaming " + args.get("entity_id") + " to \"" + args.get("name") + "\"" + (attributes.isEmpty() ? "" : " and "
                + attributes)
            : "Updating " + args.get("entity_id") + (attributes.isEmpty() ? "" : ": " + attributes);
      }
      case "link_entities" -> "Linking " + args.get("from_id") + " " + args.get("relation") + " " + args.get("to_id");
      default -> "Running " + tool;
    };
  }

  /** What an update does to the attributes it replaces: "setting its attributes to status "plugged", depth 1200". */
  private static String attributes(Object attributes) {
    if (!(attributes instanceof Map<?, ?> m)) {
      return "setting its attributes to " + Msgs.json(attributes);
    }
    if (m.isEmpty()) {
      return "clearing its attributes";
    }
    StringBuilder out = new StringBuilder("setting its attributes to ");
    String sep = "";
    for (Map.Entry<?, ?> e : m.entrySet()) {
      out.append(sep).append(e.getKey()).append(' ').append(Msgs.json(e.getValue()));
      sep = ", ";
    }
    return out.toString();
  }

  /**
   * A gated call asked while another change waits (the user changed their request): the waiting
   * change's approval is closed, so it can no longer be approved, and the answer opens with
   * saying so; "" when nothing else waits.
   */
  @SuppressWarnings("unchecked")
  private String replace(State s, Runtime rt, Message.ToolCall call) {
    Map<String, Object> pm = s.get(GraphState.PENDING_MUTATION);
    if (pm == null || !Approval.PENDING.equals(pm.get("status")) || call.id().equals(pm.get("tool_call_id"))
        || !(pm.get("args") instanceof Map<?, ?> args) || !(pm.get("approval_id") instanceof String id)) {
      return "";
    }
    String name = (String) pm.get("tool_name");
    boolean closed;
    try {
      closed = deps.approvals().withdraw(id, subject(s, rt, (String) pm.get("execution_id"), name,
          (String) pm.get("tool_call_id"), (Map<String, Object>) args), "replaced by a changed request");
    } catch (RuntimeException e) {
      closed = false;   // the new request fails the same way: nothing runs
    }
    String what = change(name, (Map<String, Object>) args);
    return closed ? "The earlier request (" + Character.toLowerCase(what.charAt(0)) + what.substring(1)
        + ") is withdrawn, so it can no longer be approved. " : "";
  }

  /** The before_tool_call gate: ask, freeze, strip the round, pause. Fail-closed when the approval cannot be created. */
  private Update gate(State s, Runtime rt, Update u, Message.ToolCall call, String conv, Memory memory) {
    String callId = call.id();
    String name = call.name();
    Map<String, Object> args = call.args();
    List<Message> kept = new ArrayList<>(Turn.messages(s));
    for (int i = kept.size() - 1; i >= 0; i--) {
      boolean round = kept.get(i) instanceof Message.Ai ai && ai.toolCalls().stream().anyMatch(c -> callId.equals(c.id()));
      if (round) {
        while (kept.size() > i) {
          kept.removeLast();
        }
        break;
      }
    }
    String replaced = replace(s, rt, call);
    kept.add(Message.ai(replaced + change(name, call.args()) + " changes the knowledge graph, so it waits for a "
        + "reviewer's approval; nothing has changed yet."));   // the paused turn's answer: the user reads what waits
    List<Message> stripped = Msgs.replace(kept);
    deps.tracing().record("hitl.rule_fire", Map.of("skill_id", "platform", "rule_key", "platform:hitl_on_mutating_capability",
        "trigger", "before_tool_call", "tool_name", name, "checkpoint_type", MUTATION_CHECKPOINT));
    String executionId = s.get(GraphState.EXECUTION_ID);
    Map<String, Object> payload = new LinkedHashMap<>();
    payload.put("tool_name", name);
    payload.put("tool_call_id", callId);
    payload.put("args", args);
    payload.put("execution_id", executionId);
    payload.put("agent_type", Turn.agentType(s));
    String reviewer = Turn.namedReviewer(s);
    payload.put("reviewer_id", reviewer);
    payload.put("reviewer_strategy", reviewer != null ? "named_individual" : "role_based");
    // the review in the protocol agent UIs speak: this one call, to approve or reject (an edit would be another call)
    payload.putAll(new HumanReview.Request(List.of(HumanReview.ActionRequest.of(call, "Mutating tool " + name
        + " needs approval before it runs")), List.of(new HumanReview.ReviewConfig(name,
        List.of(HumanReview.APPROVE, HumanReview.REJECT), null))).wire());
    String approvalId;
    try {
      approvalId = deps.approvals().request(subject(s, rt, executionId, name, callId, args), payload).approvalId();
    } catch (RuntimeException e) {
      return u.and(GraphState.MESSAGES, stripped).and(GraphState.STATUS, GraphState.FAILED)
          .and(GraphState.ERROR, "approval service unavailable: " + name + " was not run (" + e.getMessage() + ")");
    }
    Map<String, Object> pm = new LinkedHashMap<>();
    pm.put("tool_call_id", callId);
    pm.put("tool_name", name);
    pm.put("args", args);
    pm.put("approval_id", approvalId);
    pm.put("execution_id", executionId);
    pm.put("status", Approval.PENDING);
    pm.put("created_at", deps.clock().instant().toString());
    memory.savePendingMutation(conv, pm);
    return u.and(GraphState.MESSAGES, stripped)
        .and(GraphState.PENDING_MUTATION, pm)
        .and(GraphState.STATUS, GraphState.AWAITING_HITL)
        .and(GraphState.HITL_REQUIRED, true)
        .and(GraphState.HITL_CHECKPOINT_TYPE, MUTATION_CHECKPOINT)
        .and(GraphState.HITL_APPROVAL_ID, approvalId);
  }
}
