package dev.trellis.apps.neura;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.core.CompiledGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Node;
import dev.trellis.graph.Router;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.pipeline.Bundle;
import dev.trellis.pipeline.SessionAssembler;
import dev.trellis.pipeline.SkipStore;
import dev.trellis.pipeline.StoreSkipStore;
import dev.trellis.pipeline.ToolPipeline;
import dev.trellis.runtime.Runtime;
import dev.trellis.validation.BeanInputValidator;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Neura whole-turn graph, wired from {@link TurnGraphSpec#GRAPH_EDGES} (the only place that
 * says the order of the stages): this class supplies each {@link StageId}'s node and the one
 * router. Preflight starts every turn afresh ({@link Preflight#run}); each stage appends its
 * name to {@code completed_stages}; the dependencies come from the run context
 * ({@link NeuraDeps}), falling back to the ones given to {@link #graph} when a run brings none
 * (runs started over HTTP). The input is {@link TurnInput}, checked before a run starts.
 */
public final class NeuraTurn {
  private static final Logger LOG = LoggerFactory.getLogger(NeuraTurn.class);
  /** The assistant id the server registers the graph under. */
  public static final String ASSISTANT = "neura";
  /** The validator of the turn's input ({@link TurnInput}): its keys are the graph's input keys. */
  static final BeanInputValidator INPUT = BeanInputValidator.of(TurnInput.class);

  private NeuraTurn() {
  }

  /** The thread id of a turn: {@code turn:{turn_id}}. */
  public static String threadId(String turnId) {
    return "turn:" + turnId;
  }

  /**
   * The server thread id of a turn: the server takes UUIDs only, so it is the name-based
   * UUID of {@code turn:{turn_id}} — the same turn always lands on the same thread.
   */
  public static String serverThreadId(String turnId) {
    return java.util.UUID.nameUUIDFromBytes(threadId(turnId).getBytes(StandardCharsets.UTF_8)).toString();
  }

  /** The compiled turn graph with the bundled dataset and registry as default dependencies. */
  public static CompiledGraph graph(CompileOptions options) {
    return graph(options, NeuraDeps.bundled());
  }

  /**
   * The compiled turn graph, wired from {@link TurnGraphSpec#GRAPH_EDGES}; {@code defaults}
   * serve runs whose context carries no {@link NeuraDeps} (over HTTP, where the context is the
   * request's JSON {@code context}, its {@code agent} picks the tool subset).
   */
  public static CompiledGraph graph(CompileOptions options, NeuraDeps defaults) {
    defaults.registry().warnings().forEach(w -> LOG.warn("neura tool registry: {}", w));
    // the registry rejected cycles when it loaded; every agent's tools must also have an implementation
    defaults.registry().agents().keySet().forEach(a -> defaults.registry().pipeline(a, defaults.tools()).build());
    SessionAssembler assembler = new SessionAssembler();
    Map<StageId, Node> nodes = new EnumMap<>(StageId.class);
    nodes.put(StageId.PREFLIGHT, (s, rt) -> Preflight.run(s, rt, deps(rt, defaults)));
    nodes.put(StageId.SAFETY_INTERVENTION, stage(StageId.SAFETY_INTERVENTION, (s, rt) -> Update.of(TurnState.RESPONSE,
        SafetyReplies.of(s.get(TurnState.SAFETY_REASON)))));
    nodes.put(StageId.ASSEMBLY_GATE, stage(StageId.ASSEMBLY_GATE, (s, rt) -> {
      rt.write(Map.of("stage", "assembly_gate"));
      return Update.empty();
    }));
    nodes.put(StageId.CONTEXT_ASSEMBLY, stage(StageId.CONTEXT_ASSEMBLY, (s, rt) -> assemble(s, rt, defaults, assembler)));
    nodes.put(StageId.EMPATHY, stage(StageId.EMPATHY, (s, rt) -> {
      ChatModel model = deps(rt, defaults).model();
      return Update.of(TurnState.EMPATHY, model != null ? ModelSteps.empathize(model, s.get(TurnState.TURN_MESSAGE))
          : Empathy.acknowledge(s.get(TurnState.TURN_MESSAGE)));
    }));
    nodes.put(StageId.CONTEXT_FORMAT, stage(StageId.CONTEXT_FORMAT, (s, rt) -> s.get(TurnState.ERROR) != null ? Update.empty()
        : Update.of(TurnState.CONTEXT, Navigator.formatContext(s.get(TurnState.BUNDLE)))));
    // The seed's eleven edges have no way around the navigator: after a required tool failed (the
    // assembly's error patch), the navigator passes the turn on untouched and finalize ends it.
    nodes.put(StageId.NAVIGATOR, (s, rt) -> s.get(TurnState.ERROR) != null ? Update.empty()
        : stage(StageId.NAVIGATOR, (st, r) -> navigate(st, r, deps(r, defaults))).apply(s, rt));
    nodes.put(StageId.FINALIZE, stage(StageId.FINALIZE, (s, rt) -> {
      if (s.get(TurnState.ERROR) != null) {
        rt.write(Map.of("stage", "finalize", "event", "error", "error", s.get(TurnState.ERROR)));
      }
      String reply = s.get(TurnState.RESPONSE) != null ? s.get(TurnState.RESPONSE)
          : "Sorry, I couldn't put your context together just now. Please try again in a moment.";
      List<Message> added = new ArrayList<>();
      if (!endsWithHuman(s.getOrDefault(TurnState.MESSAGES, List.<Message>of()), s.get(TurnState.TURN_MESSAGE))) {
        added.add(new Message.Human(null, s.get(TurnState.TURN_MESSAGE))); // a turn sent as "message": kept in the transcript
      }
      added.add(new Message.Ai(s.get(TurnState.RESPONSE_ID), reply, List.of(), null));
      return Update.of(TurnState.RESPONSE, reply).and(TurnState.MESSAGES, List.copyOf(added));
    }));
    Map<String, Node> byName = new LinkedHashMap<>();
    nodes.forEach((stage, node) -> byName.put(stage.id(), node));
    Map<String, Router> conditions = Map.of(EdgeCondition.ROUTER, s -> EdgeCondition.of(s).value());
    return TurnGraphSpec.topology().wire(TurnState.SCHEMA, byName, conditions)
        .inputKeys(INPUT.keys().toArray(String[]::new))
        .inputValidator(INPUT)
        .compile(options.withName(ASSISTANT));
  }

  /**
   * The navigator: reads the turn ({@link Navigator#plan}, with the patient's booked sessions), books when the patient
   * asked to and the provider accepts new patients, cancels or moves a booked session the patient confirmed (the
   * booking subgraph, idempotent per turn), then answers — offline from the plan, or by the model
   * with the plan in its prompt (a booking confirmed by name after the model's reply).
   */
  private static Update navigate(State s, Runtime rt, NeuraDeps deps) throws Exception {
    String patient = s.get(TurnState.PATIENT_ID);
    List<Map<String, Object>> own = patient != null ? deps.data().booked(patient) : List.of();
    Navigator.Calendar read = provider -> deps.data().bookings().takenBy(provider);
    Navigator.Calendar calendar = read.once();
    Navigator.Plan plan = Navigator.plan(s, own, java.time.LocalDate.now(deps.clock()), calendar);
    Map<String, Object> booking = plan.toBook() != null ? Booking.book(s, rt, deps.data(), plan.toBook().id(), plan.when())
        : plan.change() != null && plan.change().confirmed() ? Booking.change(s, rt, deps.data(), plan.change()) : null;
    if (booking != null && "taken".equals(booking.get("status"))) { // another patient booked that slot first
      plan = plan.slotTaken(read.once()); // read again: the slot just taken is in it
      booking = null;
    } else if (booking != null && Boolean.TRUE.equals(booking.get("taken"))) { // a move onto a slot just taken
      plan = plan.moveTaken(read.once());
      booking = null;
    }
    Message.Ai answer = deps.model() != null
        ? ModelSteps.navigate(deps.model(), s, rt, Navigator.forModel(plan, booking, s.get(TurnState.PATIENT_ID) != null))
        : null;
    String reply = answer != null ? answer.text() : Navigator.reply(plan, s, booking);
    Update out = answer != null ? Update.of(TurnState.RESPONSE_ID, answer.id()) : Update.empty();
    if (booking != null && answer != null && plan.toBook() == null) {
      reply = reply + (plan.change().action().equals("cancel") ? " I've cancelled your session (booking #"
          + plan.change().ref() + ")." : " I've moved your session (booking #" + plan.change().ref() + ") to "
          + plan.change().movedTo() + ".");
    } else if (booking != null && answer != null) { // what the row holds: a second booking on the thread finds the first
      SessionTime stored = Navigator.whenOf(booking);
      String on = stored == null ? "" : " on " + stored.words();
      reply = reply + (Navigator.bookedBefore(plan, booking) ? " You're already booked with " + plan.toBook().shortName()
          + on + " (booking #" + booking.get("ref") + "), so nothing new was booked"
          + (plan.when() == null ? "." : " — tell me if you'd like it moved to " + plan.when().words() + ".")
          : " I've booked you with " + plan.toBook().shortName() + on + " (booking #" + booking.get("ref") + ").");
    }
    Map<String, Object> pending = plan.pending();
    if (pending != null) { // the next turn's yes confirms it, whatever words the reply (a model's) asked in
      pending.put("after", AssemblyTools.digest(reply));
    }
    out = out.and(TurnState.RESPONSE, reply).and(TurnState.PENDING, pending);
    return booking == null ? out : out.and(TurnState.BOOKING, booking);
  }

  /** Whether the transcript's newest human message is {@code text}. */
  private static boolean endsWithHuman(List<Message> transcript, String text) {
    for (int i = transcript.size() - 1; i >= 0; i--) {
      if (transcript.get(i) instanceof Message.Human h) {
        return h.text().equals(text);
      }
    }
    return false;
  }

  /** How many recent patient messages feed {@code client_signal}. */
  static final int SLICE = 6;

  /**
   * The conversation slice: the last {@link #SLICE} human messages of {@code messages} (chat
   * UIs send the transcript), ending with the turn's message; just the message without one.
   */
  static List<String> conversationSlice(State s) {
    List<String> human = new ArrayList<>();
    for (Message m : s.getOrDefault(TurnState.MESSAGES, List.<Message>of())) {
      if (m instanceof Message.Human h) {
        human.add(h.text());
      }
    }
    String current = s.get(TurnState.TURN_MESSAGE);
    if (human.isEmpty() || !human.getLast().equals(current)) {
      human.add(current);
    }
    return List.copyOf(human.subList(Math.max(0, human.size() - SLICE), human.size()));
  }

  /**
   * The run's dependencies: the context's own {@link NeuraDeps} (in process), else the defaults
   * with the agent the context names (over HTTP the context is the request's JSON
   * {@code {"agent": …}}; in process a {@link NeuraContext}).
   */
  static NeuraDeps deps(Runtime rt, NeuraDeps defaults) {
    Object ctx = rt.context(Object.class);
    if (ctx instanceof NeuraDeps given) {
      return given;
    }
    String agent = ctx instanceof NeuraContext c ? c.agent() : ctx instanceof Map<?, ?> m && m.get("agent") instanceof String a ? a
        : null;
    return agent == null || agent.equals(defaults.agent()) ? defaults : defaults.withAgent(agent);
  }

  private interface Body {
    Update apply(State s, Runtime rt) throws Exception;
  }

  private static Node stage(StageId stage, Body body) {
    return (s, rt) -> body.apply(s, rt).and(TurnState.COMPLETED_STAGES, List.of(stage.id()));
  }

  /** The turn's context pipeline; each of its tool calls is observed ({@code execute_tool} spans) inside the node. */
  private static ToolPipeline pipeline(NeuraDeps deps, SkipStore store, State s, Runtime rt) {
    return deps.registry().pipeline(deps.agent(), deps.tools()).skipStore(store).maxSkipAge(deps.skipMaxAge())
        .around(new ObservedPipelineTools(s, rt)).build();
  }

  /**
   * Hands the turn's conversation slice (what feeds the tools: the recent patient messages
   * and the patient and provider ids) to the session assembler and waits for its bundle: an
   * identical slice comes back without running anything, a changed one is assembled by the
   * background worker with the per-tool skip gates.
   */
  private static Update assemble(State s, Runtime rt, NeuraDeps defaults, SessionAssembler assembler) throws Exception {
    NeuraDeps deps = deps(rt, defaults);
    SkipStore store = deps.skipStore() != null ? deps.skipStore() : rt.store() != null ? new StoreSkipStore(rt.store()) : null;
    ToolPipeline pipeline = pipeline(deps, store, s, rt);
    String patient = s.get(TurnState.PATIENT_ID);
    Map<String, Object> byPatient = patient == null ? Map.of() : Map.of("patient_id", patient);
    Map<String, Object> byProvider = s.get(TurnState.PROVIDER_ID) == null ? Map.of()
        : Map.of("provider_id", s.get(TurnState.PROVIDER_ID));
    Map<String, Map<String, Object>> overrides = Map.of(
        "client_signal", Map.of("messages", conversationSlice(s)),
        "provider_genome", byProvider, "patient_context", byPatient, "session_narrative", byPatient);
    String session = s.get(TurnState.SESSION_ID) != null ? s.get(TurnState.SESSION_ID)
        : patient != null ? patient : rt.threadId();
    SessionAssembler.Assembly assembly;
    try {
      assembly = assembler.enqueue(session, pipeline, overrides, rt.stream()).get();
    } catch (ExecutionException e) {
      throw e.getCause() instanceof Exception cause ? cause : e;
    }
    Bundle bundle = assembly.bundle();
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("sections", bundle.sections());
    out.put("missing", bundle.missing());
    out.put("skipped", bundle.skipped());
    out.put("errors", bundle.errors());
    out.put("degraded", bundle.degraded());
    out.put("reused", assembly.reused());
    Update u = Update.of(TurnState.BUNDLE, out);
    if (bundle.degraded()) {
      LOG.warn("neura session {}: optional section(s) {} degraded ({}); the navigator asks about them", session,
          bundle.missing(), bundle.errors());
    }
    if (bundle.failed()) {
      rt.write(Map.of("stage", "context_assembly", "event", "error", "errors", bundle.errors()));
      return u.and(TurnState.ERROR, "context assembly failed: " + bundle.errors());
    }
    return u;
  }
}
