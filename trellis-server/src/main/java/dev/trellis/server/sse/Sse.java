package dev.trellis.server.sse;

import dev.trellis.server.queue.EventBus;
import dev.trellis.server.queue.RunEvent;
import io.javalin.http.Context;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * Writes a run's events as Server-Sent Events the way LangGraph's Python server does: one
 * compact JSON {@code data:} line per event with its {@code id:}, a {@code : heartbeat}
 * comment every 5 s, and no terminal event — the response simply ends with the run.
 */
public final class Sse {
  public static final long HEARTBEAT_MILLIS = 5_000;

  private Sse() {}

  /** What ended the stream. */
  public enum End { DONE, CLIENT_GONE, RUN_GONE }

  /**
   * Streams {@code sub} until the run's done marker; {@code modes} (null: all) narrows the
   * events; {@code runEnded} is asked at each heartbeat whether the run ended without a
   * marker reaching us (its events expired), which also ends the stream.
   */
  public static End stream(Context ctx, EventBus.Subscription sub, Set<String> modes, BooleanSupplier runEnded) {
    HttpServletResponse res = ctx.res();
    res.setStatus(200);
    res.setContentType("text/event-stream");
    res.setCharacterEncoding("utf-8");
    res.setHeader("Cache-Control", "no-cache");
    res.setHeader("X-Accel-Buffering", "no");
    try {
      OutputStream out = res.getOutputStream();
      res.flushBuffer();
      while (true) {
        RunEvent e = sub.next(HEARTBEAT_MILLIS);
        if (e == null) {
          if (runEnded.getAsBoolean()) {
            return End.RUN_GONE;
          }
          out.write(": heartbeat\r\n\r\n".getBytes(StandardCharsets.UTF_8));
          out.flush();
          continue;
        }
        if (e.done()) {
          return End.DONE;
        }
        String base = e.event().contains("|") ? e.event().substring(0, e.event().indexOf('|')) : e.event();
        if (modes != null && !base.equals("metadata") && !base.equals("error") && !modes.contains(base)
            && !(base.equals("messages") && modes.contains("messages-tuple"))) {
          continue;
        }
        String frame = "event: " + e.event() + "\r\ndata: " + (e.data() == null ? "null" : e.data())
            + "\r\nid: " + e.seq() + "\r\n\r\n";
        out.write(frame.getBytes(StandardCharsets.UTF_8));
        out.flush();
      }
    } catch (IOException e) {
      return End.CLIENT_GONE;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return End.CLIENT_GONE;
    } finally {
      sub.close();
    }
  }
}
