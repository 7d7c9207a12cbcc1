package dev.trellis.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** Requests written byte for byte on a socket: what an HTTP client library would refuse to send. */
final class RawHttp {
  private RawHttp() {}

  /** A reply: status, the Content-Type header (lower case, "" if none) and the body. */
  record Reply(int status, String contentType, String body) {}

  /** Sends {@code head} (request line and headers, CRLF-separated, without the blank line) and {@code body}, reads until close. */
  static Reply send(int port, String head, byte[] body) {
    try (Socket s = new Socket("127.0.0.1", port)) {
      s.setSoTimeout(20_000);
      OutputStream out = s.getOutputStream();
      out.write((head + "\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
      if (body != null) {
        out.write(body);
      }
      out.flush();
      InputStream in = s.getInputStream();
      ByteArrayOutputStream all = new ByteArrayOutputStream();
      in.transferTo(all);
      return parse(all.toString(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Reply parse(String text) {
    int split = text.indexOf("\r\n\r\n");
    String headers = split < 0 ? text : text.substring(0, split);
    String payload = split < 0 ? "" : text.substring(split + 4);
    if (headers.toLowerCase(Locale.ROOT).contains("transfer-encoding: chunked")) {
      payload = unchunk(payload);
    }
    int status = Integer.parseInt(headers.split(" ", 3)[1]);
    String type = "";
    for (String line : headers.split("\r\n")) {
      if (line.toLowerCase(Locale.ROOT).startsWith("content-type:")) {
        type = line.substring(13).trim().toLowerCase(Locale.ROOT);
      }
    }
    return new Reply(status, type, payload);
  }

  private static String unchunk(String chunked) {
    StringBuilder out = new StringBuilder();
    int at = 0;
    while (at < chunked.length()) {
      int eol = chunked.indexOf("\r\n", at);
      int size = Integer.parseInt(chunked.substring(at, eol).trim(), 16);
      if (size == 0) {
        break;
      }
      out.append(chunked, eol + 2, eol + 2 + size);
      at = eol + 2 + size + 2;
    }
    return out.toString();
  }

  /**
   * Sends a request promising {@code length} body bytes, only {@code sent} of them, then half-closes
   * (shuts its output down, as a client whose upload was cut short does) and reads the reply.
   */
  static Reply halfClosed(int port, String path, int length, String sent) {
    try (Socket s = new Socket("127.0.0.1", port)) {
      s.setSoTimeout(20_000);
      OutputStream out = s.getOutputStream();
      out.write(("POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\n"
          + "Content-Length: " + length + "\r\n\r\n" + sent).getBytes(StandardCharsets.UTF_8));
      out.flush();
      s.shutdownOutput();
      ByteArrayOutputStream all = new ByteArrayOutputStream();
      s.getInputStream().transferTo(all);
      return parse(all.toString(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Opens a request promising {@code length} body bytes, sends only {@code sent} of them, and hangs up. */
  static void dropMidBody(int port, String path, int length, String sent) {
    try (Socket s = new Socket("127.0.0.1", port)) {
      OutputStream out = s.getOutputStream();
      out.write(("POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: "
          + length + "\r\n\r\n" + sent).getBytes(StandardCharsets.UTF_8));
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
