package dev.trellis.agent.observe;

import dev.trellis.agent.tool.ToolCallRequest;
import java.util.List;
import java.util.concurrent.Callable;

/** Several observers as one: each sees every call, in order. */
record Observers(List<CallObserver> all) implements CallObserver {
  @Override
  public Observation chat(ChatCall call) {
    return both(all.stream().map(o -> o.chat(call)).toList());
  }

  @Override
  public Observation tool(ToolCallRequest request) {
    return both(all.stream().map(o -> o.tool(request)).toList());
  }

  @Override
  public <T> Callable<T> carry(Callable<T> work) {
    Callable<T> w = work;
    for (CallObserver o : all) {
      w = o.carry(w);
    }
    return w;
  }

  private static Observation both(List<Observation> each) {
    return new Observation() {
      @Override
      public void response(ResponseInfo info) {
        each.forEach(o -> o.response(info));
      }

      @Override
      public void end(Object result) {
        each.forEach(o -> o.end(result));
      }

      @Override
      public void fail(Throwable error) {
        each.forEach(o -> o.fail(error));
      }
    };
  }
}
