package dev.trellis.apps.neura;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.CompiledGraph;
import dev.trellis.graph.Node;
import dev.trellis.graph.Router;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.pipeline.Bundle;
import dev.trellis.pipeline.SessionAssembler;
import dev.trellis.pipeline.StoreSkipStore;
import dev.trellis.pipeline.ToolPipeline;
import dev.trellis.pipeline.SkipStore;
import dev.trellis.runtime.Runtime;
import dev.trellis.spec.TopologySpec;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;

/**
 * The Neura whole-turn graph, wired from {@code turn-graph.yaml} (the only place that says
 * the order of the stages). Each stage appends its name to {@code completed_stages}; the
 * dependencies come from the run context ({@link NeuraDeps}), falling back to the ones
 * given to {@link #graph} when a run brings none (runs started over HTTP).
 */
public final class NeuraTurn {
  /** The assistant id the server registers the graph under. */
  public static final String ASSISTANT = "neura";

  private NeuraTurn() {
  }

  /** The topology spec bundled with the app. */
  public static TopologySpec spec() {
    try (InputStream in = NeuraTurn.class.getResourceAsStream("turn-graph.yaml")) {
      return TopologySpec.fromYaml(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
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

  /** The compiled turn graph; {@code defaults} serve runs whose context carries no {@link NeuraDeps}. */
  public static CompiledGraph graph(CompileOptions options, NeuraDeps defaults) {
    defaults.registry().warnings().forEach(w -> System.err.println("neura tool registry: " + w));
    // the registry rejected cycles when it loaded; every agent's tools must also have an implementation
    defaults.registry().agents().keySet().forEach(a -> defaults.registry().pipeline(a, defaults.tools()).build());
    TopologySpec spec = spec();
    SessionAssembler assembler = new SessionAssembler();
    Map<String, Node> nodes = new LinkedHashMap<>();
    nodes.put("preflight", stage("preflight", (s, rt) -> {
      String message = message(s);
      var reason = Preflight.classify(message);
      NeuraDeps deps = deps(rt, defaults);
      if (reason.isEmpty() && deps.model() != null) {
        reason = ModelSteps.classify(deps.model(), message);
      }
      rt.write(Map.of("stage", "preflight", "hijacked", reason.isPresent()));
      Update u = Update.of(TurnState.SAFETY_HIJACKED, reason.isPresent()).and(TurnState.MESSAGE, message);
      return reason.map(r -> u.and(TurnState.SAFETY_REASON, r)).orElse(u);
    }));
    nodes.put("safety_intervention", stage("safety_intervention", (s, rt) -> Update.of(TurnState.RESPONSE,
        "risk".equals(s.get(TurnState.SAFETY_REASON))
            ? "I'm really glad you told me. You deserve support right now: if you are in danger, call or text 988 "
                + "(Suicide & Crisis Lifeline) or your local emergency number. A care coordinator has been notified."
            : "I can only help with finding and booking care. What would you like help with today?")));
    nodes.put("assembly_gate", stage("assembly_gate", (s, rt) -> {
      rt.write(Map.of("stage", "assembly_gate"));
      return Update.empty();
    }));
    nodes.put("context_assembly", stage("context_assembly", (s, rt) -> assemble(s, rt, defaults, assembler)));
    nodes.put("empathy", stage("empathy", (s, rt) -> {
      ChatModel model = deps(rt, defaults).model();
      return Update.of(TurnState.EMPATHY, model != null ? ModelSteps.empathize(model, s.get(TurnState.MESSAGE))
          : Empathy.acknowledge(s.get(TurnState.MESSAGE)));
    }));
    nodes.put("context_format", stage("context_format", (s, rt) -> s.get(TurnState.ERROR) != null ? Update.empty()
        : Update.of(TurnState.CONTEXT, Navigator.formatContext(s.get(TurnState.BUNDLE)))));
    nodes.put("navigator", stage("navigator", (s, rt) -> {
      NeuraDeps deps = deps(rt, defaults);
      Map<String, Object> booking = Booking.bookIfAsked(s, rt, deps.data());
      Message.Ai answer = deps.model() != null ? ModelSteps.navigate(deps.model(), s, rt) : null;
      String reply = answer != null ? answer.text() : Navigator.respond(s);
      Update out = answer != null ? Update.of(TurnState.RESPONSE_ID, answer.id()) : Update.empty();
      if (booking == null) {
        return out.and(TurnState.RESPONSE, reply);
      }
      return out.and(TurnState.RESPONSE, reply + " I've booked you with " + booking.get("provider_id")
          + " (booking #" + booking.get("seq") + ").").and(TurnState.BOOKING, booking);
    }));
    nodes.put("finalize", stage("finalize", (s, rt) -> {
      String reply = s.get(TurnState.RESPONSE) != null ? s.get(TurnState.RESPONSE)
          : "Sorry, I couldn't put your context together just now. Please try again in a moment.";
      return Update.of(TurnState.RESPONSE, reply).and(TurnState.MESSAGES,
          List.of(new Message.Ai(s.get(TurnState.RESPONSE_ID), reply, List.of(), null)));
    }));
    Map<String, Router> conditions = Map.of(
        "safety_hijacked", s -> Boolean.TRUE.equals(s.get(TurnState.SAFETY_HIJACKED)) ? "hijacked" : "clear",
        "assembly_failed", s -> s.get(TurnState.ERROR) != null ? "failed" : "ok");
    return spec.wire(TurnState.SCHEMA, nodes, conditions).compile(options.withName(ASSISTANT));
  }

  /** The turn's message: {@code message} when given, else the last human message of {@code messages}. */
  private static String message(State s) {
    if (s.get(TurnState.MESSAGE) != null) {
      return s.get(TurnState.MESSAGE);
    }
    List<Message> messages = s.getOrDefault(TurnState.MESSAGES, List.of());
    for (int i = messages.size() - 1; i >= 0; i--) {
      if (messages.get(i) instanceof Message.Human h) {
        return h.text();
      }
    }
    throw new IllegalArgumentException("a Neura turn needs \"message\" or a human message in \"messages\"");
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
    String current = s.get(TurnState.MESSAGE);
    if (human.isEmpty() || !human.getLast().equals(current)) {
      human.add(current);
    }
    return List.copyOf(human.subList(Math.max(0, human.size() - SLICE), human.size()));
  }

  private static NeuraDeps deps(Runtime rt, NeuraDeps defaults) {
    // over HTTP the run context is the request's JSON "context" (a map): the defaults serve it
    return rt.context(Object.class) instanceof NeuraDeps given ? given : defaults;
  }

  private interface Body {
    Update apply(State s, Runtime rt) throws Exception;
  }

  private static Node stage(String name, Body body) {
    return (s, rt) -> body.apply(s, rt).and(TurnState.COMPLETED_STAGES, List.of(name));
  }

  private static ToolPipeline pipeline(NeuraDeps deps, SkipStore store) {
    return deps.registry().pipeline(deps.agent(), deps.tools()).skipStore(store).build();
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
    ToolPipeline pipeline = pipeline(deps, store);
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
    if (bundle.failed()) {
      rt.write(Map.of("stage", "context_assembly", "event", "error", "errors", bundle.errors()));
      return u.and(TurnState.ERROR, "context assembly failed: " + bundle.errors());
    }
    return u;
  }
}
