package dev.trellis.client.remote;

import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.CheckpointMetadata;
import dev.trellis.client.Checkpoint;
import dev.trellis.client.RunRequest;
import dev.trellis.client.StreamEvent;
import dev.trellis.client.ThreadState;
import dev.trellis.client.ThreadTask;
import dev.trellis.graph.Command;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.StateSnapshot;
import dev.trellis.graph.TaskState;
import dev.trellis.runtime.Interrupt;
import dev.trellis.stream.StreamMode;
import dev.trellis.stream.StreamPart;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Between the engine's types and the wire's: run configs into requests, states and events back. */
final class Wire {
  static final String INTERRUPT = "__interrupt__";

  private Wire() {}

  /** The request for a run of {@code assistantId} with {@code input} (a value or an engine {@link Command}) under {@code config}. */
  static RunRequest.Builder request(String assistantId, Object input, RunConfig config, Map<String, Object> baseConfig) {
    RunRequest.Builder b = RunRequest.builder(assistantId);
    if (input instanceof Command c) {
      b.command(command(c));
    } else {
      b.input(input);
    }
    Map<String, Object> conf = new LinkedHashMap<>(baseConfig);
    if (config.recursionLimit() != RunConfig.DEFAULT_RECURSION_LIMIT) {
      conf.put("recursion_limit", config.recursionLimit());
    }
    if (!conf.isEmpty()) {
      b.config(conf);
    }
    if (config.checkpointId() != null) {
      b.checkpointId(config.checkpointId());
    }
    if (!config.interruptBefore().isEmpty()) {
      b.interruptBefore(config.interruptBefore().toArray(String[]::new));
    }
    if (!config.interruptAfter().isEmpty()) {
      b.interruptAfter(config.interruptAfter().toArray(String[]::new));
    }
    if (!config.metadata().isEmpty()) {
      b.metadata(config.metadata());
    }
    if (config.context() instanceof Map<?, ?> ctx) {
      @SuppressWarnings("unchecked")
      Map<String, ?> m = (Map<String, ?>) ctx;
      b.context(m);
    } else if (config.context() != null) {
      throw new IllegalArgumentException("a remote graph's context must be a JSON object (a Map), got "
          + config.context().getClass().getName());
    }
    if (config.threadId() != null) {
      b.ifNotExists("create");
    }
    return b;
  }

  /** The wire command of an engine command; {@code Send}s cannot cross the wire. */
  static dev.trellis.client.Command command(Command c) {
    List<String> gotos = new ArrayList<>();
    for (Object g : c.gotos()) {
      if (!(g instanceof String s)) {
        throw new IllegalArgumentException("a remote graph can go to node names only, not " + g);
      }
      gotos.add(s);
    }
    if (c.toParent()) {
      throw new IllegalArgumentException("a command to the parent graph cannot be sent to a remote graph");
    }
    Map<String, Object> update = c.update() == null || c.update().isEmpty() ? null : new LinkedHashMap<>(c.update().values());
    return new dev.trellis.client.Command(c.resume(), update, gotos);
  }

  /** The stream mode wire names for {@code modes}, plus {@code updates} (to see interrupts). */
  static List<String> modes(Set<StreamMode> modes) {
    List<String> out = new ArrayList<>();
    for (StreamMode m : modes) {
      out.add(m == StreamMode.MESSAGES ? "messages-tuple" : m.wireName());
    }
    if (!out.contains("updates")) {
      out.add("updates");
    }
    return out;
  }

  /** The engine's parts for one event (several for an update of parallel nodes; none for metadata). */
  static List<StreamPart> parts(StreamEvent e, List<String> prefix) {
    List<String> ns = new ArrayList<>(prefix);
    ns.addAll(e.namespace());
    List<StreamPart> out = new ArrayList<>();
    switch (e.mode()) {
      case "values" -> out.add(new StreamPart.Values(ns, e.dataMap()));
      case "updates" -> {
        for (Map.Entry<String, Object> u : e.dataMap().entrySet()) {
          if (u.getKey().equals(INTERRUPT)) {
            out.add(new StreamPart.Interrupted(ns, interrupts(u.getValue())));
          } else {
            out.add(new StreamPart.Updates(ns, u.getKey(), -1, map(u.getValue()), false));
          }
        }
      }
      case "custom" -> out.add(new StreamPart.Custom(ns, null, e.data()));
      case "messages" -> out.add(new StreamPart.Data(ns, StreamMode.MESSAGES, e.data()));
      case "tasks", "checkpoints", "debug", "events" ->
          out.add(new StreamPart.Data(ns, StreamMode.valueOf(e.mode().toUpperCase(java.util.Locale.ROOT)), e.data()));
      default -> { } // metadata, and modes this engine does not know
    }
    return out;
  }

  static List<Interrupt> interrupts(Object wire) {
    List<Interrupt> out = new ArrayList<>();
    if (wire instanceof List<?> list) {
      for (Object o : list) {
        Map<?, ?> m = (Map<?, ?>) o;
        out.add(new Interrupt(m.get("id") == null ? null : String.valueOf(m.get("id")), m.get("value")));
      }
    }
    return out;
  }

  static List<Interrupt> interrupts(List<dev.trellis.client.Interrupt> wire) {
    return wire.stream().map(i -> new Interrupt(i.id(), i.value())).toList();
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> map(Object o) {
    return o instanceof Map<?, ?> m ? (Map<String, Object>) m : o == null ? Map.of() : Map.of("value", o);
  }

  /** The engine's snapshot of a wire state. */
  static StateSnapshot snapshot(ThreadState s) {
    List<TaskState> tasks = new ArrayList<>();
    for (ThreadTask t : s.tasks()) {
      tasks.add(new TaskState(t.id(), t.name(), t.error(), interrupts(t.interrupts() == null ? List.of() : t.interrupts()),
          null));
    }
    Map<String, Object> meta = new LinkedHashMap<>(s.metadata());
    String source = meta.remove("source") instanceof String str ? str : "loop";
    int step = meta.remove("step") instanceof Number n ? n.intValue() : -1;
    Map<String, Object> writes = map(meta.remove("writes"));
    meta.remove("parents");
    meta.values().removeIf(java.util.Objects::isNull);
    return new StateSnapshot(s.values(), s.next(), tasks, interrupts(s.interrupts()), config(s.checkpoint()),
        new CheckpointMetadata(source, step, writes, meta), config(s.parentCheckpoint()), s.createdAt());
  }

  static CheckpointConfig config(Checkpoint c) {
    return c == null || c.threadId() == null ? null
        : new CheckpointConfig(c.threadId(), c.checkpointNs() == null ? "" : c.checkpointNs(), c.checkpointId());
  }
}
