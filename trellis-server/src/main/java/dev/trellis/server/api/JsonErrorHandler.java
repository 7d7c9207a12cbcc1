package dev.trellis.server.api;

import dev.trellis.server.wire.Json;
import dev.trellis.server.error.ServerException;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Jetty's own error replies — requests refused before they reach a route (ambiguous or
 * malformed paths such as {@code %00}, {@code %C0%AE} or {@code ..}, a bad
 * {@code Content-Length}, a header too large) — as {@code {"detail": ...}} JSON like every
 * other error, for every method, never an HTML page or an empty body.
 */
final class JsonErrorHandler extends ErrorHandler {
  private static final HttpField JSON = new HttpField(HttpHeader.CONTENT_TYPE, "application/json");

  @Override
  public boolean errorPageForMethod(String method) {
    return true;
  }

  @Override
  protected void generateResponse(Request request, Response response, int code, String message, Throwable cause,
                                  Callback callback) throws IOException {
    response.getHeaders().put(JSON);
    response.write(true, ByteBuffer.wrap(body(code, message)), callback);
  }

  @Override
  public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
    fields.put(JSON);
    return ByteBuffer.wrap(body(status, reason));
  }

  private static byte[] body(int code, String message) {
    String detail = message == null || message.isBlank() ? HttpStatus.getMessage(code) : message;
    return Json.write(Map.of("detail", ServerException.bounded(detail, ServerException.DETAIL_MAX), "code", "HTTP_" + code))
        .getBytes(StandardCharsets.UTF_8);
  }
}
