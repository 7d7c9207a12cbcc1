package dev.trellis.server.queue;

/** Test access to {@link Fences#hold}. */
public final class FenceAccess {
  private FenceAccess() {}

  public static void hold(Fences fences, Run run) {
    fences.hold(run);
  }
}
