package dev.trellis.server.studio;

import dev.trellis.server.route.Routes;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * Serves Trellis Studio's static assets (plain ES modules, no build step) from the classpath
 * folder {@code studio/} at {@code /studio}: {@code index.html} for {@code /studio} and
 * {@code /studio/}, correct content types, {@code no-cache} so a new server version is picked up
 * at once (the browser still revalidates with the ETag).
 */
public final class StudioAssets implements Routes {
  private static final Map<String, String> TYPES = Map.of(
      "html", "text/html; charset=utf-8",
      "js", "text/javascript; charset=utf-8",
      "css", "text/css; charset=utf-8",
      "svg", "image/svg+xml",
      "png", "image/png",
      "json", "application/json");

  @Override
  public void register(RoutesConfig r) {
    r.get("/studio", ctx -> serve(ctx, "index.html")); // Javalin matches "/studio/" here too
    r.get("/studio/<path>", ctx -> serve(ctx, ctx.pathParam("path")));
  }

  private static void serve(Context ctx, String path) {
    int dot = path.lastIndexOf('.');
    String type = dot < 0 ? null : TYPES.get(path.substring(dot + 1));
    if (type == null || path.contains("..") || path.startsWith("/")) {
      ctx.status(404).json(Map.of("detail", "no studio asset " + path));
      return;
    }
    byte[] bytes;
    try (InputStream in = StudioAssets.class.getClassLoader().getResourceAsStream("studio/" + path)) {
      if (in == null) {
        ctx.status(404).json(Map.of("detail", "no studio asset " + path));
        return;
      }
      bytes = in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String etag = "\"" + Integer.toHexString(java.util.Arrays.hashCode(bytes)) + "\"";
    ctx.header("Cache-Control", "no-cache");
    ctx.header("ETag", etag);
    if (etag.equals(ctx.header("If-None-Match"))) {
      ctx.status(304);
      return;
    }
    ctx.contentType(type).result(bytes);
  }
}
