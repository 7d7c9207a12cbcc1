package dev.trellis.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.middleware.AgentMiddleware;
import dev.trellis.agent.model.ScriptedChatModel;
import dev.trellis.draw.GraphView;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A middleware's hooks are the interface methods it implements — not any method sharing a name. */
class MiddlewareHookTest {
  /** Only helpers named like hooks: an overload and a static method. */
  static final class LookAlike implements AgentMiddleware {
    @Override
    public String name() {
      return "LookAlike";
    }

    Update beforeModel(String note) {
      return null;
    }

    static Update afterAgent(State state) {
      return null;
    }
  }

  abstract static class Base implements AgentMiddleware {
    @Override
    public Update afterModel(State state, Runtime rt) {
      return null;
    }
  }

  /** Inherits its after-model hook. */
  static final class Derived extends Base {
    @Override
    public String name() {
      return "Derived";
    }
  }

  static List<String> nodes(AgentMiddleware... m) {
    return Agent.builder(ScriptedChatModel.replies(Message.ai("hi"))).middleware(m).compile(CompileOptions.DEFAULT)
        .view().nodes().stream().map(GraphView.Node::id).filter(n -> !n.startsWith("__")).toList();
  }

  @Test
  void methodsThatOnlyShareAHooksNameAreNoHooks() {
    assertEquals(List.of("model"), nodes(new LookAlike()));
  }

  @Test
  void anInheritedHookIsAHook() {
    assertEquals(List.of("model", "Derived.after_model"), nodes(new Derived()));
  }
}
