package dev.trellis.draw;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Renders a {@link GraphView} to SVG or PNG offline, with the Graphviz {@code dot} program
 * (Debian package {@code graphviz}; no network, no browser). Fails with a message saying
 * how to install it when {@code dot} is missing.
 */
public final class Images {
  private Images() {}

  /** SVG or PNG bytes ({@code format} is {@code "svg"} or {@code "png"}). */
  public static byte[] render(GraphView view, String format) throws IOException {
    if (!List.of("svg", "png").contains(format)) {
      throw new IllegalArgumentException("format must be svg or png, got " + format);
    }
    Process p;
    try {
      p = new ProcessBuilder("dot", "-T" + format).start();
    } catch (IOException e) {
      throw new IOException("rendering needs Graphviz's dot on the PATH (apt-get install graphviz): " + e.getMessage(), e);
    }
    try (var in = p.getOutputStream()) {
      in.write(Dot.draw(view).getBytes(StandardCharsets.UTF_8));
    }
    byte[] out = p.getInputStream().readAllBytes();
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    try {
      if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
        throw new IOException("dot failed: " + err);
      }
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while rendering", e);
    }
    return out;
  }
}
