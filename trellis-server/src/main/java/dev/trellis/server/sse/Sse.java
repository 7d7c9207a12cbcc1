package dev.trellis.server.sse;

import dev.trellis.server.queue.EventBus;
import dev.trellis.server.queue.RunEvent;
import dev.trellis.server.wire.StreamModes;
import io.javalin.http.Context;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.UnaryOperator;

/**
 * Writes run events as Server-Sent Events the way LangGraph's servers do: one compact JSON
 * {@code data:} line per event with its {@code id:}, and no terminal event — the response
 * simply ends with the run. While nothing happens it writes a keep-alive every
 * {@link #keepAliveMillis()}: the comment line {@code : heartbeat} alone, without the blank
 * line that would end an event. The official SDKs' parsers (JS and Python) skip comment
 * lines but turn a blank line into an event once any {@code id:} was seen — a comment plus
 * a blank line reached their users as a phantom {@code {event: "", data: null}} chunk.
 * Immutable and thread-safe.
 */
public final class Sse {
  private static final byte[] KEEP_ALIVE = ": heartbeat\r\n".getBytes(StandardCharsets.UTF_8);
  private final long keepAliveMillis;

  /** @param keepAlive how long the stream may stay silent before a keep-alive is written (positive) */
  public Sse(Duration keepAlive) {
    if (keepAlive.isNegative() || keepAlive.isZero()) {
      throw new IllegalArgumentException("keep-alive interval must be positive, got " + keepAlive);
    }
    this.keepAliveMillis = keepAlive.toMillis();
  }

  /** The keep-alive interval in milliseconds. */
  public long keepAliveMillis() {
    return keepAliveMillis;
  }

  /** What ended the stream. */
  public enum End { DONE, CLIENT_GONE, RUN_GONE }

  /**
   * Streams {@code sub} until the run's done marker; {@code modes} narrows the
   * events; {@code runEnded} is asked at each keep-alive whether the run ended without a
   * marker reaching us (its events expired), which also ends the stream.
   */
  public End stream(Context ctx, EventBus.Subscription sub, StreamModes modes, BooleanSupplier runEnded) {
    try {
      return pump(open(ctx), sub, modes, runEnded, "");
    } catch (IOException e) {
      return End.CLIENT_GONE;
    } finally {
      sub.close();
    }
  }

  /**
   * The request attribute holding a {@code UnaryOperator<String>} applied to each write of a
   * streamed body before it goes out (the caller's public ids in place of stored ones), when
   * present. Every streamed body is opened here ({@link #open}, {@link #openJson}), so none escapes it.
   */
  public static final String TEXT_FILTER = "trellis.public-ids";

  /** Starts an event-stream response and returns its body, flushed so the client sees the headers at once. */
  public static OutputStream open(Context ctx) throws IOException {
    HttpServletResponse res = ctx.res();
    res.setStatus(200);
    res.setContentType("text/event-stream");
    res.setCharacterEncoding("utf-8");
    res.setHeader("Cache-Control", "no-cache");
    res.setHeader("X-Accel-Buffering", "no");
    OutputStream out = res.getOutputStream();
    res.flushBuffer();
    return filtered(ctx, out);
  }

  /**
   * Starts a JSON response written bit by bit (a waiting run's keep-alive newlines, then its
   * result) and returns its body; each write is one whole piece of text.
   */
  public static OutputStream openJson(Context ctx) throws IOException {
    HttpServletResponse res = ctx.res();
    res.setStatus(200);
    res.setContentType("application/json");
    return filtered(ctx, res.getOutputStream());
  }

  /** The body of an event stream {@link #open} already started, to end it with one more event (e.g. an error). */
  public static OutputStream resume(Context ctx) throws IOException {
    return filtered(ctx, ctx.res().getOutputStream());
  }

  private static OutputStream filtered(Context ctx, OutputStream out) {
    UnaryOperator<String> filter = ctx.attribute(TEXT_FILTER);
    return filter == null ? out : new FilteredStream(out, filter);
  }

  /**
   * Writes {@code sub}'s events to {@code out} until the run's done marker (or its events
   * expired), with keep-alives in between; event ids are {@code idPrefix} + the run's
   * sequence number. Does not close {@code sub}.
   */
  public End pump(OutputStream out, EventBus.Subscription sub, StreamModes modes, BooleanSupplier runEnded,
      String idPrefix) throws IOException {
    try {
      while (true) {
        RunEvent e = sub.next(keepAliveMillis);
        if (e == null) {
          if (runEnded.getAsBoolean()) {
            return End.RUN_GONE;
          }
          keepAlive(out);
          continue;
        }
        // Every event already at hand goes out in one flush (a model's tokens come faster than one write each).
        boolean wrote = false;
        for (; e != null; e = sub.poll()) {
          if (e.done()) {
            if (wrote) {
              out.flush();
            }
            return End.DONE;
          }
          if (!modes.passes(e.event())) {
            continue;
          }
          frame(out, e.event(), e.data(), idPrefix + e.seq());
          wrote = true;
        }
        if (wrote) {
          out.flush();
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return End.CLIENT_GONE;
    }
  }

  /** Writes one event ({@code data}: JSON text, null for {@code null}) and flushes. */
  public static void event(OutputStream out, String event, String data, String id) throws IOException {
    frame(out, event, data, id);
    out.flush();
  }

  private static void frame(OutputStream out, String event, String data, String id) throws IOException {
    String frame = "event: " + event + "\r\ndata: " + (data == null ? "null" : data) + "\r\nid: " + id + "\r\n\r\n";
    out.write(frame.getBytes(StandardCharsets.UTF_8));
  }

  /** Writes one keep-alive line and flushes; throws when the client has gone. */
  public static void keepAlive(OutputStream out) throws IOException {
    out.write(KEEP_ALIVE);
    out.flush();
  }
}
