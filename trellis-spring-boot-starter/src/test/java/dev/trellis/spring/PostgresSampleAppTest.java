package dev.trellis.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.zaxxer.hikari.HikariDataSource;
import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.server.TrellisServer;
import dev.trellis.testkit.PgSchema;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.test.annotation.DirtiesContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The sample application on PostgreSQL through a DataSource bean of its own (a Hikari pool on a
 * fresh schema of TRELLIS_PG_URL), the API under {@code trellis.server.path=/agents}: Trellis
 * keeps its tables in the application's database and the JS client drives it as on SQLite.
 */
@SpringBootTest(classes = SampleApp.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
    "management.endpoints.web.exposure.include=health",
    "management.endpoint.health.show-details=always",
    "trellis.server.path=/agents"})
@Import(PostgresSampleAppTest.FreshSchema.class)
@DirtiesContext
class PostgresSampleAppTest {

  /** The application's own DataSource bean: a pool on a fresh schema, dropped when the context closes. */
  @TestConfiguration(proxyBeanMethods = false)
  static class FreshSchema {
    @Bean(destroyMethod = "close")
    DataSource dataSource() {
      String url = PgSchema.create("spring_").url();
      HikariDataSource ds = new HikariDataSource() {
        @Override
        public void close() {
          super.close();
          PgSchema.drop(url);
        }
      };
      ds.setJdbcUrl(url);
      ds.setMaximumPoolSize(6);
      return ds;
    }
  }

  @LocalServerPort
  int port;
  @Autowired
  JsonMapper jackson3;
  @Autowired
  DataSource dataSource;
  @Autowired
  TrellisServer server;
  @Autowired
  CheckpointSaver saver;

  @Test
  void theJsClientDrivesTheGraphsStoredInTheApplicationsPostgres() throws Exception {
    JsSdk.drive("http://127.0.0.1:" + port + "/agents");
    // hello's run and review's two; the stateless echo-bot run went with its temporary thread
    assertEquals(3, count("SELECT COUNT(*) FROM trellis_runs WHERE status = 'success'"));
    assertEquals(2, count("SELECT COUNT(*) FROM trellis_threads"));
    String thread = string("SELECT thread_id FROM trellis_threads WHERE metadata LIKE '%spring%'");
    // The saver bean is the server's: it reads the checkpoints the run wrote to the application's database.
    assertEquals(4, saver.list(CheckpointConfig.thread(thread), null, 0).size());
    JsonNode health = new Http(port, jackson3).get("/actuator/health/trellis");
    assertEquals("UP", health.get("status").asString());
    assertEquals(server.workerSlots(), health.get("details").get("workerSlots").asInt());
  }

  private String string(String sql) throws Exception {
    try (Connection c = dataSource.getConnection(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }

  private long count(String sql) throws Exception {
    try (Connection c = dataSource.getConnection(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
