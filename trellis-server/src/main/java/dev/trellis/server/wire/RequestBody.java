package dev.trellis.server.wire;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.trellis.server.error.ApiException;
import dev.trellis.server.error.ServerException;
import io.javalin.http.Context;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads request bodies strictly, once, at the edge: the bytes must be valid UTF-8 and hold one
 * JSON value with nothing after it; a field sent as {@code null} is treated as absent (it is
 * dropped from the top-level object, and from each object of a list body), so every handler
 * sees optional fields either set or missing. Anything else is a 422 naming the problem.
 */
public final class RequestBody {
  private static final ObjectReader READER = Json.MAPPER.copyWith(com.fasterxml.jackson.core.JsonFactory.builder()
          .streamReadConstraints(com.fasterxml.jackson.core.StreamReadConstraints.builder()
              .maxNestingDepth(Json.MAX_REQUEST_DEPTH).build()).build())
      .reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).forType(Object.class);

  /** Bodies with a {@code Content-Length} up to this are read directly ({@link #whole}). */
  private static final int DIRECT_MAX = 1 << 16;
  /** The request attribute keeping a body read directly, for a second read of the same request. */
  private static final String READ = RequestBody.class.getName() + ".bytes";

  private RequestBody() {}

  /** The body as a JSON object without null fields (an empty body is an empty object). */
  public static Map<String, Object> object(Context ctx) {
    return object(whole(ctx));
  }

  /**
   * The body's bytes, all that {@code Content-Length} promised: a body cut short (the client half-closed or hung up
   * early) is a 400, not the shorter, possibly empty, body.
   */
  private static byte[] whole(Context ctx) {
    if (ctx.attribute(READ) instanceof byte[] read) {
      return read;
    }
    long promised = ctx.req().getContentLengthLong();
    byte[] bytes;
    if (promised >= 0 && promised <= DIRECT_MAX) {
      // Straight into an array of the promised length: Javalin's reader copies through an 8 KB buffer into a growing
      // stream, most of a small request's allocation. (The limit on body size was checked on Content-Length already.)
      try {
        bytes = ctx.req().getInputStream().readNBytes((int) promised);
      } catch (java.io.IOException e) {
        throw new ApiException(400, "the request body could not be read: " + e.getMessage());
      }
      ctx.attribute(READ, bytes);
    } else {
      bytes = ctx.bodyAsBytes();
    }
    if (promised >= 0 && bytes.length < promised) {
      throw new ApiException(400, "the request body ended after " + bytes.length + " of the " + promised
          + " bytes its Content-Length promised");
    }
    return bytes;
  }

  /** {@link #object(Context)} for raw bytes. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> object(byte[] bytes) {
    Object v = parse(bytes);
    if (v == null) {
      return new LinkedHashMap<>();
    }
    if (!(v instanceof Map<?, ?> m)) {
      throw ServerException.invalid("the request body must be a JSON object");
    }
    return withoutNulls((Map<String, Object>) m);
  }

  /** The body as a JSON list whose objects have no null fields (a batch). */
  @SuppressWarnings("unchecked")
  public static List<Object> list(Context ctx, String what) {
    if (!(parse(whole(ctx)) instanceof List<?> l)) {
      throw ServerException.invalid("the body of " + what + " must be a JSON list");
    }
    List<Object> out = new ArrayList<>(l.size());
    for (Object one : l) {
      out.add(one instanceof Map<?, ?> m ? withoutNulls((Map<String, Object>) m) : one);
    }
    return out;
  }

  private static Object parse(byte[] bytes) {
    String text;
    try {
      text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
    } catch (CharacterCodingException e) {
      throw ServerException.invalid("the request body is not valid UTF-8");
    }
    if (text.isBlank()) {
      return null;
    }
    try {
      return READER.readValue(text);
    } catch (JacksonException e) {
      throw ServerException.invalid("malformed JSON: " + ServerException.echo(e.getOriginalMessage()));
    }
  }

  private static Map<String, Object> withoutNulls(Map<String, Object> m) {
    Map<String, Object> out = new LinkedHashMap<>(m);
    out.values().removeIf(java.util.Objects::isNull);
    return out;
  }
}
