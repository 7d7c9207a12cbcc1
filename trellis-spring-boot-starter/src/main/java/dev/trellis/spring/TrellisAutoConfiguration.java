package dev.trellis.spring;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.store.Store;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.StateGraph;
import dev.trellis.server.GraphFactory;
import dev.trellis.server.GraphProvider;
import dev.trellis.server.TrellisServer;
import jakarta.servlet.Servlet;
import java.util.Map;
import javax.sql.DataSource;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.web.servlet.ServletRegistrationBean;
import org.springframework.context.annotation.Bean;

/**
 * Serves the application's graphs through LangGraph's API on its own web server: a
 * {@link TrellisServer} on the application's {@link DataSource} (PostgreSQL or SQLite) whose
 * servlet is registered under {@code trellis.server.path}. Graphs are the beans of type
 * {@link StateGraph} and {@link GraphFactory} (graph id: the bean name) and {@link GraphProvider}
 * (graph id: its {@code graphId()}); each is compiled with the server's checkpointer and store.
 */
@AutoConfiguration(after = DataSourceAutoConfiguration.class)
@ConditionalOnBean(DataSource.class)
@EnableConfigurationProperties(TrellisProperties.class)
public class TrellisAutoConfiguration {

  /** Steps and failed node attempts of every run, for the metrics. */
  @Bean
  @ConditionalOnMissingBean
  StepTally trellisStepTally() {
    return new StepTally();
  }

  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean
  TrellisServer trellisServer(DataSource dataSource, TrellisProperties props, StepTally steps,
      ObjectProvider<Map<String, StateGraph>> stateGraphs, ObjectProvider<Map<String, GraphFactory>> factories) {
    TrellisServer.Builder b = TrellisServer.builder().dataSource(dataSource).workerSlots(props.getWorkerSlots())
        .listener(steps);
    stateGraphs.getIfAvailable(Map::of).forEach((name, graph) ->
        b.graph(name, (saver, store) -> graph.compile(CompileOptions.checkpointer(saver).withStore(store))));
    factories.getIfAvailable(Map::of).forEach((name, factory) -> {
      if (factory instanceof GraphProvider p) {
        b.provider(p);
      } else {
        b.graph(name, factory);
      }
    });
    return b.startMounted();
  }

  /** The server's checkpointer (JDBC on the application's database), for code that reads threads directly. */
  @Bean
  @ConditionalOnMissingBean
  CheckpointSaver trellisCheckpointSaver(TrellisServer server) {
    return server.saver();
  }

  /** The server's long-term memory store on the application's database. */
  @Bean
  @ConditionalOnMissingBean
  Store trellisStore(TrellisServer server) {
    return server.store();
  }

  @Bean
  ServletRegistrationBean<Servlet> trellisServlet(TrellisServer server, TrellisProperties props) {
    String path = props.getPath();
    if (path == null || !path.startsWith("/") || path.endsWith("/")) {
      throw new IllegalArgumentException("trellis.server.path must start with / and not end with one, got " + path);
    }
    ServletRegistrationBean<Servlet> reg = new ServletRegistrationBean<>(server.servlet(), path + "/*");
    reg.setName("trellis");
    reg.setAsyncSupported(true);
    reg.setLoadOnStartup(1);
    return reg;
  }
}
