package dev.trellis.bench;

import dev.trellis.checkpoint.Checkpoint;
import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.CheckpointMetadata;
import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.CheckpointTuple;
import dev.trellis.checkpoint.PendingWrite;
import dev.trellis.checkpoint.SaveOp;
import dev.trellis.checkpoint.jdbc.JdbcDatabase;
import dev.trellis.checkpoint.jdbc.JdbcSaver;
import dev.trellis.checkpoint.jdbc.KeywordIndex;
import dev.trellis.checkpoint.jdbc.Schema;
import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.checkpoint.serde.JacksonSerde;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Durability;
import dev.trellis.graph.RunConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the JDBC saver spends serializing one W9 run's saves (the W1 graph's 11 checkpoints and its tasks' writes,
 * with a server run's metadata), without the database: the saves of one run are captured once, then each operation
 * hands them (saved step by step, as under the server's default {@code async}), on a new thread id from a cycle of
 * 1,000, to {@link JdbcSaver#putBatch} over a database whose transactions do not run. So it times the splitting into
 * inline values, lists and blobs, the metadata and the serde, as a server run pays them before its last transaction
 * (W9Probe's {@code RunExecution.end}). Named outside the {@code W…} pattern so {@code run-all.sh} and
 * {@code run-w9.sh} do not run it: {@code java -cp benchmarks.jar org.openjdk.jmh.Main SaverEncode -prof gc}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class SaverEncode {
  private List<SaveOp> run;
  private JdbcSaver saver;
  private int next;

  @Setup
  public void setup() {
    Recorder recorder = new Recorder();
    Map<String, Object> extra = Map.of("run_id", "1f0c8f3e-run", "thread_id", "1f0c8f3e-thread", "graph_id", "chain",
        "assistant_id", "fe096781-5601-53d2-b2f6-0d3403f7e9ca", "user-agent", "Java-http-client/25");
    Workloads.chain10(CompileOptions.checkpointer(recorder))
        .invoke(Map.of("count", 0), RunConfig.thread("w9").withMetadata(extra).withDurability(Durability.SYNC));
    run = List.copyOf(recorder.ops);
    saver = new JdbcSaver(new NoDatabase(), new JacksonSerde());
  }

  @Benchmark
  public int encodeW9Run() {
    String thread = "t" + (next++ % 1000);
    List<SaveOp> ops = new ArrayList<>(run.size());
    for (SaveOp op : run) {
      ops.add(switch (op) {
        case SaveOp.Put p -> new SaveOp.Put(on(p.parent(), thread), p.checkpoint(), p.metadata());
        case SaveOp.Writes w -> new SaveOp.Writes(on(w.config(), thread), w.taskId(), w.writes(), w.firstSave());
      });
    }
    saver.putBatch(ops);
    return ops.size();
  }

  private static CheckpointConfig on(CheckpointConfig c, String thread) {
    return new CheckpointConfig(thread, c.namespace(), c.checkpointId());
  }

  /** A database whose transactions do nothing: the saver's encoding alone. */
  private static final class NoDatabase implements JdbcDatabase {
    @Override
    public <T> T transaction(Work<T> work) {
      return null;
    }

    @Override
    public String blobType() {
      return "BLOB";
    }

    @Override
    public KeywordIndex keywordIndex() {
      return null;
    }

    @Override
    public void migrate(Schema schema) {}

    @Override
    public void close() {}
  }

  /** The in-memory saver, remembering every save it is given in order. */
  private static final class Recorder implements CheckpointSaver {
    final InMemorySaver inner = new InMemorySaver();
    final List<SaveOp> ops = new ArrayList<>();

    @Override
    public CheckpointTuple getTuple(CheckpointConfig config) {
      return inner.getTuple(config);
    }

    @Override
    public List<CheckpointTuple> list(CheckpointConfig config, String before, int limit) {
      return inner.list(config, before, limit);
    }

    @Override
    public CheckpointConfig put(CheckpointConfig parent, Checkpoint checkpoint, CheckpointMetadata metadata) {
      ops.add(new SaveOp.Put(parent, checkpoint, metadata));
      return inner.put(parent, checkpoint, metadata);
    }

    @Override
    public void putWrites(CheckpointConfig config, String taskId, List<PendingWrite> writes) {
      ops.add(new SaveOp.Writes(config, taskId, writes));
      inner.putWrites(config, taskId, writes);
    }

    @Override
    public void putBatch(List<SaveOp> batch) {
      ops.addAll(batch);
      inner.putBatch(batch);
    }

    @Override
    public void deleteThread(String threadId) {
      inner.deleteThread(threadId);
    }

    @Override
    public void deleteAfter(String threadId, String checkpointId) {
      inner.deleteAfter(threadId, checkpointId);
    }

    @Override
    public void copyThread(String from, String to) {
      inner.copyThread(from, to);
    }
  }
}
