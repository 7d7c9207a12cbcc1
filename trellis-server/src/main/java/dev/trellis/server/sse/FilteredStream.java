package dev.trellis.server.sse;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.UnaryOperator;

/**
 * An event stream whose every write is passed through a text filter. {@link Sse} writes each
 * frame (and each keep-alive) in one call, so a filter always sees whole frames.
 */
final class FilteredStream extends FilterOutputStream {
  private final UnaryOperator<String> filter;

  FilteredStream(OutputStream out, UnaryOperator<String> filter) {
    super(out);
    this.filter = filter;
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    out.write(filter.apply(new String(b, off, len, StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public void write(int b) throws IOException {
    out.write(b);
  }
}
