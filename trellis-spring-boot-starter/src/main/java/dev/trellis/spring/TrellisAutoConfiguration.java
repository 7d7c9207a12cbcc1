package dev.trellis.spring;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.store.Embeddings;
import dev.trellis.checkpoint.store.HashingEmbeddings;
import dev.trellis.checkpoint.store.IndexConfig;
import dev.trellis.checkpoint.store.Store;
import dev.trellis.checkpoint.store.StoreTtl;
import dev.trellis.observe.GraphListener;
import dev.trellis.server.TrellisServer;
import dev.trellis.server.auth.Authenticator;
import io.opentelemetry.api.OpenTelemetry;
import jakarta.servlet.Servlet;
import java.util.Set;
import javax.sql.DataSource;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.ServletRegistrationBean;
import org.springframework.context.annotation.Bean;

/**
 * Serves the application's graphs through LangGraph's API on its own web server: a
 * {@link TrellisServer} on the application's {@link DataSource} (PostgreSQL or SQLite) whose
 * servlet is registered under {@code trellis.server.path}. Graphs are the application's graph
 * beans (see {@link GraphBeans}); settings come from {@link TrellisProperties} and from the
 * optional beans {@link Authenticator}, {@link Embeddings}, {@link GraphListener} and
 * {@link OpenTelemetry}. Off with {@code trellis.server.enabled=false}.
 */
// By name: the DataSource auto-configuration's package differs between Boot 4 and Boot 3.5.
@AutoConfiguration(afterName = {"org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
    "org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration"})
@ConditionalOnBean(DataSource.class)
@ConditionalOnBooleanProperty(name = "trellis.server.enabled", matchIfMissing = true)
@EnableConfigurationProperties(TrellisProperties.class)
public class TrellisAutoConfiguration {

  /** Fails when the class path does not meet {@link Requirements} (also for contexts not started by SpringApplication). */
  public TrellisAutoConfiguration() {
    Requirements.verify();
  }

  /** Steps and failed node attempts of every run, for the metrics. */
  @Bean
  @ConditionalOnMissingBean
  StepTally trellisStepTally() {
    return new StepTally();
  }

  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean
  TrellisServer trellisServer(DataSource dataSource, TrellisProperties props, ConfigurableListableBeanFactory beans,
      ObjectProvider<Authenticator> authenticator, ObjectProvider<Embeddings> embeddings,
      ObjectProvider<GraphListener> listeners, ObjectProvider<OpenTelemetry> otel) {
    TrellisServer.Builder b = TrellisServer.builder().dataSource(dataSource)
        .workerSlots(props.getWorkerSlots())
        .runTimeout(props.getRunTimeout())
        .lease(props.getLease())
        .shutdownGrace(props.getShutdownGrace())
        .keepAlive(props.getKeepAlive())
        .maxBodyBytes(props.getMaxBodySize().toBytes())
        .maxStateBytes(props.getMaxStateSize().toBytes())
        .defaultThreadTtl(props.getThreadTtl());
    if (props.getWorkerId() != null && !props.getWorkerId().isBlank()) {
      b.workerId(props.getWorkerId());
    }
    Authenticator auth = authenticator.getIfUnique();
    if (auth != null && !props.getApiKeys().isEmpty()) {
      throw new IllegalStateException("set either trellis.server.api-keys or an Authenticator bean, not both");
    }
    if (auth != null) {
      b.authenticator(auth);
    } else if (!props.getApiKeys().isEmpty()) {
      b.authenticator(Authenticator.apiKeys(props.getApiKeys()));
    }
    TrellisProperties.Ttl ttl = props.getStore().getTtl();
    b.storeTtl(new StoreTtl(ttl.getDefaultTtl(), ttl.isRefreshOnRead(), ttl.getSweepInterval()));
    TrellisProperties.Index index = props.getStore().getIndex();
    Embeddings embedder = embeddings.getIfUnique();
    b.storeIndex(new IndexConfig(embedder != null ? embedder : new HashingEmbeddings(index.getDims()), index.getFields()));
    listeners.orderedStream().forEach(b::listener);
    OpenTelemetry telemetry = otel.getIfUnique();
    if (telemetry != null) {
      b.openTelemetry(telemetry);
    }
    new GraphBeans(beans, Set.copyOf(props.getExcludeBeans())).applyTo(b);
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
