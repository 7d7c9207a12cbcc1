package dev.trellis.pregel;

import dev.trellis.channel.Channel;
import dev.trellis.checkpoint.ReservedNames;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The {@code writes} a checkpoint's metadata records: the run input, or each node's update of the step. */
final class CheckpointWrites {
  private CheckpointWrites() {}

  /** What a checkpoint of {@code source} records as its writes (only built when a saver will keep it). */
  static Map<String, Object> of(String source, Frame frame, List<StepTask> tasks) {
    Program program = frame.program;
    if (source.equals("input")) {
      Object input = frame.channels[program.startSlot].get();
      return input == Channel.EMPTY ? Map.of() : Map.of(ReservedNames.START, input);
    }
    if (!source.equals("loop")) {
      return Map.of();
    }
    Map<String, Object> out = new LinkedHashMap<>();
    for (StepTask t : tasks) {
      if (t.node.isStart()) {
        continue;
      }
      Map<String, Object> update = new LinkedHashMap<>();
      for (Write w : t.writes) {
        if (w.slot() >= 0 && w.slot() < program.stateCount) {
          update.put(program.channelNames[w.slot()], w.value());
        }
      }
      Object prev = out.get(t.name());
      if (prev == null) {
        out.put(t.name(), update);
      } else {
        List<Object> many = prev instanceof List<?> l ? new ArrayList<>(l) : new ArrayList<>(List.of(prev));
        many.add(update);
        out.put(t.name(), many);
      }
    }
    return out;
  }
}
