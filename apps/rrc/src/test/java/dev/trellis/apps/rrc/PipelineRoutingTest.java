package dev.trellis.apps.rrc;

import dev.trellis.agent.model.ChatModel;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;

/** The 18 routing rows in-process, through the compiled pipeline on an in-memory checkpointer. */
class PipelineRoutingTest extends RoutingRows {
  final Fixture f = new Fixture();

  @AfterEach
  void close() {
    f.close();
  }

  @Override
  List<String> run(ChatModel model, String thread, Map<String, Object> input) {
    return Fixture.path(model == null ? f.graph() : f.graph(model), input, Fixture.thread(thread));
  }

  @Override
  Map<String, Object> state(String thread) {
    return f.state(thread);
  }

  @Override
  void decide(String approvalId, String decision) {
    f.deps.approvals().decide(approvalId, decision, "alice", "ok");
  }
}
