package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The Studio's assets as the server serves them at {@code /studio}. */
class StudioAssetsTest {
  static TrellisServer server;
  static final HttpClient HTTP = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build();

  @BeforeAll
  static void start() throws Exception {
    server = TestServers.sqlite(TestServers.tempDir());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static HttpResponse<String> get(String path, String... headers) throws Exception {
    var b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path));
    if (headers.length > 0) {
      b.headers(headers);
    }
    return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void studioPathServesTheIndexPageAsHtml() throws Exception {
    assertEquals(200, get("/studio/").statusCode());
    var r = get("/studio");
    assertEquals(200, r.statusCode());
    assertTrue(r.headers().firstValue("Content-Type").orElseThrow().startsWith("text/html"));
    assertTrue(r.body().contains("<title>Trellis Studio</title>"));
  }

  @Test
  void modulesAreServedAsJavaScriptAndRevalidatedByEtag() throws Exception {
    var r = get("/studio/app.js");
    assertEquals(200, r.statusCode());
    assertTrue(r.headers().firstValue("Content-Type").orElseThrow().startsWith("text/javascript"));
    assertEquals("no-cache", r.headers().firstValue("Cache-Control").orElseThrow());
    String etag = r.headers().firstValue("ETag").orElseThrow();
    assertEquals(304, get("/studio/app.js", "If-None-Match", etag).statusCode());
  }

  @Test
  void unknownOrEscapingAssetIsA404WithDetail() throws Exception {
    var missing = get("/studio/nope.js");
    assertEquals(404, missing.statusCode());
    assertTrue(missing.body().contains("no studio asset nope.js"));
    assertEquals(404, get("/studio/..%2Fapplication.properties").statusCode());
  }
}
