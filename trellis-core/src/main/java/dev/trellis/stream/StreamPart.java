package dev.trellis.stream;

import dev.trellis.runtime.Interrupt;
import java.util.List;
import java.util.Map;

/**
 * One event of a run's stream. {@code namespace} is empty for the root graph and lists
 * {@code node:taskId} segments for events from inside subgraphs.
 */
public sealed interface StreamPart {
  List<String> namespace();

  /** The stream mode this part belongs to. */
  StreamMode mode();

  /**
   * A part of any mode whose wire form is its {@code data} as JSON (event name: the mode's
   * wire name): a new mode emits these and needs no record of its own.
   */
  record Data(List<String> namespace, StreamMode mode, Object data) implements StreamPart {}

  /** The state after a superstep. */
  record Values(List<String> namespace, Map<String, Object> values) implements StreamPart {
    public StreamMode mode() {
      return StreamMode.VALUES;
    }
  }

  /** One task's update in {@code step}; {@code cached} when it was replayed from saved writes or the node cache. */
  record Updates(List<String> namespace, String node, int step, Map<String, Object> update, boolean cached)
      implements StreamPart {
    public StreamMode mode() {
      return StreamMode.UPDATES;
    }
  }

  /** The run paused; {@code interrupts} is empty for a static breakpoint. */
  record Interrupted(List<String> namespace, List<Interrupt> interrupts) implements StreamPart {
    public StreamMode mode() {
      return StreamMode.UPDATES;
    }
  }

  /** A value a node wrote to the custom stream. */
  record Custom(List<String> namespace, String node, Object value) implements StreamPart {
    public StreamMode mode() {
      return StreamMode.CUSTOM;
    }
  }

  /** A task is about to run. */
  record TaskStart(List<String> namespace, int step, String id, String name, Object input, List<String> triggers)
      implements StreamPart {
    public StreamMode mode() {
      return StreamMode.TASKS;
    }
  }

  /**
   * A task finished: its writes, or the error or interrupts it ended with; {@code cached}
   * when it was not executed (its writes came from the node cache or from writes saved
   * before a pause or crash).
   */
  record TaskResult(List<String> namespace, int step, String id, String name, Map<String, Object> result,
                    String error, List<Interrupt> interrupts, boolean cached) implements StreamPart {
    public StreamMode mode() {
      return StreamMode.TASKS;
    }
  }

  /** A checkpoint was saved; {@code next} names the tasks planned from it. */
  record CheckpointEvent(List<String> namespace, dev.trellis.checkpoint.CheckpointConfig config,
                         dev.trellis.checkpoint.CheckpointMetadata metadata, Map<String, Object> values,
                         List<String> next, dev.trellis.checkpoint.CheckpointConfig parentConfig) implements StreamPart {
    public StreamMode mode() {
      return StreamMode.CHECKPOINTS;
    }
  }

  /**
   * A piece of a chat model's answer as it streams (LangGraph's {@code messages} mode), with
   * where it came from: the node, the step, the run's thread and the task; {@code messageId}
   * is the answer's id, the same for all its pieces and for the message the node stores.
   */
  record MessageChunk(List<String> namespace, String node, int step, String threadId, String text, String messageId,
                      String taskId) implements StreamPart {
    public StreamMode mode() {
      return StreamMode.MESSAGES;
    }
  }

  /**
   * A whole message a node pushed (LangGraph's {@code push_message}) on the {@code messages}
   * mode, with where it came from; the same message, with the same id, is written to state.
   */
  record PushedMessage(List<String> namespace, String node, int step, String threadId, Object message)
      implements StreamPart {
    public StreamMode mode() {
      return StreamMode.MESSAGES;
    }
  }

  /**
   * The start ({@code end} false, with {@code input}) or end ({@code end} true, with
   * {@code output}) of a chat-model or tool call a node made, for the events mode;
   * {@code callId} is the same for both, {@code name} is the model or tool.
   */
  record CallEvent(List<String> namespace, String node, int step, String taskId, Kind kind, String callId,
                   String name, boolean end, Object input, Object output) implements StreamPart {
    /** What was called. */
    public enum Kind { CHAT_MODEL, TOOL }

    public StreamMode mode() {
      return StreamMode.EVENTS;
    }
  }

  /** A task or checkpoint event in debug form. */
  record Debug(List<String> namespace, int step, String type, StreamPart payload) implements StreamPart {
    public StreamMode mode() {
      return StreamMode.DEBUG;
    }
  }
}
