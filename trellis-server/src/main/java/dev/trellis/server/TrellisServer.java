package dev.trellis.server;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.cache.Cache;
import dev.trellis.checkpoint.jdbc.JdbcCache;
import dev.trellis.checkpoint.jdbc.JdbcDatabase;
import dev.trellis.checkpoint.jdbc.JdbcSaver;
import dev.trellis.checkpoint.jdbc.JdbcStore;
import dev.trellis.checkpoint.serde.JacksonSerde;
import dev.trellis.checkpoint.store.IndexConfig;
import dev.trellis.checkpoint.store.Store;
import dev.trellis.checkpoint.store.StoreTtl;
import dev.trellis.core.CompiledGraph;
import dev.trellis.observe.GraphListener;
import dev.trellis.otel.TrellisTelemetry;
import dev.trellis.postgres.PostgresDatabase;
import dev.trellis.server.api.Api;
import dev.trellis.server.auth.Authenticator;
import dev.trellis.server.db.Assistants;
import dev.trellis.server.db.ServerDb;
import dev.trellis.server.db.Threads;
import dev.trellis.server.queue.EventBus;
import dev.trellis.server.queue.Fences;
import dev.trellis.server.queue.LocalEventBus;
import dev.trellis.server.queue.PgEventBus;
import dev.trellis.server.queue.PgListener;
import dev.trellis.server.queue.RunObservers;
import dev.trellis.server.queue.RunStore;
import dev.trellis.server.queue.Services;
import dev.trellis.server.queue.Worker;
import dev.trellis.server.route.Routes;
import dev.trellis.sqlite.SqliteDatabase;
import io.javalin.Javalin;
import io.opentelemetry.api.OpenTelemetry;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The Trellis server: LangGraph's HTTP API (what {@code @langchain/langgraph-sdk} and
 * {@code langgraph-sdk} speak) over the graphs you register, with a durable run queue.
 * Embedded it keeps everything in one SQLite file; with {@link Builder#postgres} any number
 * of processes share one PostgreSQL database and each other's runs.
 *
 * <pre>{@code
 * TrellisServer server = TrellisServer.builder()
 *     .graph("agent", (saver, store) -> builder.compile(CompileOptions.checkpointer(saver).withStore(store)))
 *     .sqlite(Path.of("trellis.db"))
 *     .port(2024)
 *     .start();
 * }</pre>
 */
public final class TrellisServer implements AutoCloseable {
  private final Javalin app;
  private final Worker worker;
  private final Services services;
  private final boolean listening;
  private final AutoCloseable[] resources;

  private TrellisServer(Javalin app, Worker worker, Services services, boolean listening, AutoCloseable... resources) {
    this.app = app;
    this.worker = worker;
    this.services = services;
    this.listening = listening;
    this.resources = resources;
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * Rewrites an embedded server's SQLite file on a connection of its own (no server may hold it):
   * switches it to incremental auto-vacuum and compacts it; returns the bytes saved.
   */
  public static long vacuumSqlite(java.nio.file.Path file) throws java.sql.SQLException {
    return dev.trellis.server.db.SqliteSpace.vacuum(file);
  }

  /** The port the server listens on; a server from {@link Builder#startMounted} listens on none. */
  public int port() {
    if (!listening) {
      throw new IllegalStateException("this server was started with startMounted: it is served by your servlet container");
    }
    return app.port();
  }

  /**
   * The API as a servlet, for a server from {@link Builder#startMounted}: register it in your
   * servlet container mapped at {@code <path>/*} with async support on (streams and waits use it).
   * Plain HTTP only; Trellis's API has no websockets.
   */
  public jakarta.servlet.Servlet servlet() {
    if (listening) {
      throw new IllegalStateException("this server listens on its own port; use Builder.startMounted to get a servlet");
    }
    // Javalin's own servlet is Jetty's websocket servlet; a plain one runs in any container.
    var state = ((io.javalin.jetty.JavalinJettyServlet) app.javalinServlet()).getCfg();
    return new MountedServlet(new io.javalin.http.servlet.JavalinServlet(state));
  }

  /** The checkpointer the served graphs were compiled with. */
  public CheckpointSaver saver() {
    return services.saver();
  }

  /** The long-term memory store the served graphs were compiled with. */
  public Store store() {
    return services.store();
  }

  /** The run queue as every worker sees it (pending, running, lag); reads the database. */
  public QueueDepth queueDepth() {
    RunStore.Depth d = services.runs().depth();
    return new QueueDepth(d.pending(), d.running(), d.lagMillis());
  }

  /** What this process's worker has executed since start (runs begun, ended by status, time). */
  public RunCounters runCounters() {
    dev.trellis.server.queue.WorkerCounters c = worker.counters();
    return new RunCounters() {
      @Override
      public long started() {
        return c.started();
      }

      @Override
      public long ended(String status) {
        return c.ended(status);
      }

      @Override
      public long ended() {
        return c.ended();
      }

      @Override
      public long endedNanos() {
        return c.endedNanos();
      }
    };
  }

  /** How many runs this process executes now, of {@link #workerSlots()} at most. */
  public int busyWorkerSlots() {
    return worker.busy();
  }

  /** How many runs this process executes at once at most. */
  public int workerSlots() {
    return worker.slots();
  }

  /** Whether the server is shutting down (no longer taking runs). */
  public boolean closing() {
    return worker.closing();
  }

  /** Runs a trivial query on the server's database; throws if it cannot be reached. */
  public void checkDatabase() {
    services.db().tx(c -> {
      try (var st = c.createStatement(); var rs = st.executeQuery("SELECT 1")) {
        return rs.next();
      }
    });
  }

  /** This process's worker id (the {@code worker} column of the runs it executes). */
  public String workerId() {
    return worker.id();
  }

  /**
   * Stops: no new requests or runs; running runs get the grace period to finish, then go
   * back to the queue (resumed from their last checkpoint by the next worker); closes the database.
   */
  @Override
  public void close() {
    worker.close();
    if (listening) {
      app.stop();
    }
    for (AutoCloseable r : resources) {
      try {
        r.close();
      } catch (Exception ignored) {
        // closing best-effort
      }
    }
  }

  /** Settings of a server. */
  public static final class Builder {
    private final Map<String, GraphFactory> graphs = new LinkedHashMap<>();
    private Path sqlite = Path.of("trellis.db");
    private String postgres;
    private javax.sql.DataSource dataSource;
    private String host = "0.0.0.0";
    private int port = 2024;
    private Authenticator auth;
    private long maxBody = 10L << 20;
    private long maxState = 8L << 20;
    private dev.trellis.checkpoint.serde.Serde serde = new JacksonSerde();
    private long listCacheBytes = -1;
    private dev.trellis.server.queue.WebhookPolicy webhooks = dev.trellis.server.queue.WebhookPolicy.DEFAULT;
    private int slots = 16;
    private Duration lease = Duration.ofSeconds(10);
    private Duration grace = Duration.ofSeconds(30);
    private Duration runTimeout = Duration.ofHours(1);
    private Duration threadTtl;
    private StoreTtl storeTtl = StoreTtl.DEFAULT;
    private Duration keepAlive = Duration.ofSeconds(5);
    private Clock clock = Clock.systemUTC();
    private String workerId;
    private IndexConfig index = new IndexConfig(new dev.trellis.checkpoint.store.HashingEmbeddings(256), List.of("$"));
    private final List<Routes> routes = new ArrayList<>();
    private final List<GraphListener> listeners = new ArrayList<>();
    private TrellisTelemetry telemetry;
    private final List<GraphProvider> providers = new ArrayList<>();

    /** Serves a graph under {@code graphId} (its system assistant gets the same name). */
    public Builder graph(String graphId, GraphFactory factory) {
      graphs.put(graphId, factory);
      return this;
    }

    /**
     * Serves an application: its graph under {@link GraphProvider#graphId()}, built with the
     * server's {@link AppContext}, and the routes it mounts (which may queue runs through it).
     */
    public Builder provider(GraphProvider provider) {
      graphs.put(provider.graphId(), provider);
      providers.add(provider);
      return this;
    }

    /** Embedded mode (the default): one SQLite file holds checkpoints, store and server tables. */
    public Builder sqlite(Path file) {
      this.sqlite = file;
      this.postgres = null;
      this.dataSource = null;
      return this;
    }

    /** Scale-out mode: every process given the same PostgreSQL URL shares runs, threads and events. */
    public Builder postgres(String jdbcUrl) {
      this.postgres = jdbcUrl;
      this.dataSource = null;
      return this;
    }

    /**
     * The application's own database (e.g. Spring's {@code DataSource}), which the caller owns
     * and closes. PostgreSQL: checkpoints, store, server tables and LISTEN all use its
     * connections (scale-out mode). SQLite ({@code jdbc:sqlite:<file>}): Trellis opens its own
     * connection to the same file, as {@link #sqlite} does, since SQLite takes one writer.
     * Any other database is refused.
     *
     * @throws IllegalArgumentException the data source cannot connect, is in-memory SQLite, or is another database
     */
    public Builder dataSource(javax.sql.DataSource dataSource) {
      String url;
      try (java.sql.Connection c = dataSource.getConnection()) {
        url = c.getMetaData().getURL();
      } catch (java.sql.SQLException e) {
        throw new IllegalArgumentException("cannot connect to the data source: " + e.getMessage(), e);
      }
      if (url != null && url.startsWith("jdbc:postgresql:")) {
        this.dataSource = dataSource;
        this.postgres = null;
        return this;
      }
      if (url != null && url.startsWith("jdbc:sqlite:")) {
        String file = url.substring("jdbc:sqlite:".length()).replaceFirst("^file:", "").replaceFirst("\\?.*$", "");
        if (file.isEmpty() || file.contains(":memory:") || file.contains("mode=memory")) {
          throw new IllegalArgumentException("an in-memory SQLite data source cannot be shared: use a file (" + url + ")");
        }
        return sqlite(Path.of(file));
      }
      throw new IllegalArgumentException("Trellis runs on PostgreSQL or SQLite; the data source is " + url);
    }

    public Builder host(String host) {
      this.host = host;
      return this;
    }

    /** The port (0: any free one). */
    public Builder port(int port) {
      this.port = port;
      return this;
    }

    /** Authenticates every request but {@code /ok} and {@code /info}; resources then belong to their creator. */
    public Builder authenticator(Authenticator auth) {
      this.auth = auth;
      return this;
    }

    /** Bodies larger than this are refused with 413 (default 10 MiB). */
    public Builder maxBodyBytes(long bytes) {
      this.maxBody = bytes;
      return this;
    }

    /**
     * The largest serialised checkpoint (or pending write) a thread may save, default 8 MiB: a run
     * whose state grows past it ends in {@code error}; a state edit past it is refused with 413.
     */
    public Builder maxStateBytes(long bytes) {
      this.maxState = bytes;
      return this;
    }

    /**
     * How checkpoints, pending writes and list deltas are encoded (default {@code JacksonSerde}); for example an
     * {@code EncryptedSerde} to keep thread state encrypted at rest. {@link #maxStateBytes} applies on top of it.
     */
    public Builder serde(dev.trellis.checkpoint.serde.Serde serde) {
      this.serde = java.util.Objects.requireNonNull(serde, "serde");
      return this;
    }

    /**
     * How much of the threads' newest list values (conversations, appended keys) the saver keeps in memory, in
     * stored bytes, so a checkpoint stores what its step appended without reading the list back. Default: a
     * sixteenth of the maximum heap. Threads written longest ago are forgotten first, and any may be dropped when
     * memory runs short; a forgotten thread only writes its next list whole. 0 keeps none.
     */
    public Builder listCacheBytes(long bytes) {
      if (bytes < 0) {
        throw new IllegalArgumentException("listCacheBytes must be ≥ 0, got " + bytes);
      }
      this.listCacheBytes = bytes;
      return this;
    }

    /**
     * Hosts a run's or cron's {@code webhook} may name although the default policy refuses them (loopback,
     * {@code localhost}, link-local, private ranges...): host names, addresses or CIDR ranges, e.g.
     * {@code List.of("hooks.internal", "10.20.0.0/16")}. Default: none (see {@code WebhookPolicy}).
     *
     * @throws IllegalArgumentException an entry is blank or a malformed range
     */
    public Builder webhookAllow(List<String> allowed) {
      this.webhooks = dev.trellis.server.queue.WebhookPolicy.allowing(allowed);
      return this;
    }

    /** How many runs this process executes at once (default 16). */
    public Builder workerSlots(int slots) {
      this.slots = slots;
      return this;
    }

    /** How long a claimed run stays this worker's without a heartbeat (default 10 s; heartbeats every quarter of it). */
    public Builder lease(Duration lease) {
      this.lease = lease;
      return this;
    }

    /** How long shutdown waits for running runs before requeueing them (default 30 s). */
    public Builder shutdownGrace(Duration grace) {
      this.grace = grace;
      return this;
    }

    /** How long a run may take before it is stopped with status {@code timeout} (default 1 h, as LangGraph's BG_JOB_TIMEOUT_SECS). */
    public Builder runTimeout(Duration timeout) {
      this.runTimeout = timeout;
      return this;
    }

    /**
     * Threads created without a {@code ttl} of their own are deleted this long after creation
     * (like LangGraph's {@code checkpointer.ttl.default_ttl}); default: never. A {@code ttl} on
     * {@code POST /threads} or {@code PATCH /threads/{id}} replaces it.
     *
     * @throws IllegalArgumentException {@code ttl} is zero or negative
     */
    public Builder defaultThreadTtl(Duration ttl) {
      if (ttl != null && (ttl.isZero() || ttl.isNegative())) {
        throw new IllegalArgumentException("defaultThreadTtl must be positive, got " + ttl);
      }
      this.threadTtl = ttl;
      return this;
    }

    /**
     * The store's TTL defaults (LangGraph's {@code store.ttl}): items put without a {@code ttl}
     * (by graphs or {@code PUT /store/items}) expire after {@code defaultTtl}; reads restart an
     * item's TTL when {@code refreshOnRead} (a read with {@code refresh_ttl=false} never does);
     * expired items are deleted every {@code sweepInterval}. Default: no default TTL, reads
     * refresh, a sweep a minute.
     */
    public Builder storeTtl(StoreTtl ttl) {
      this.storeTtl = java.util.Objects.requireNonNull(ttl, "storeTtl");
      return this;
    }

    /**
     * How long an event stream ({@code /stream} routes) or a waiting {@code /wait}/{@code /join}
     * reply may stay silent before a keep-alive is written (default 5 s, as LangGraph's servers):
     * a {@code : heartbeat} comment line in streams, a newline before the JSON in waits.
     *
     * @throws IllegalArgumentException {@code interval} is null, zero or negative
     */
    public Builder keepAlive(Duration interval) {
      if (interval == null || interval.isNegative() || interval.isZero()) {
        throw new IllegalArgumentException("keepAlive must be a positive duration, got " + interval);
      }
      this.keepAlive = interval;
      return this;
    }

    /** The clock of TTLs, run timeouts, crons, event retention and the run counters' times (leases always use real time); for tests. */
    public Builder clock(Clock clock) {
      this.clock = clock;
      return this;
    }

    public Builder workerId(String id) {
      this.workerId = id;
      return this;
    }

    /**
     * Semantic search in the store with these embeddings and fields; the default embeds whole
     * values with a dependency-free hashing embedder (plug in e.g. LangChain4j's MiniLM for meaning).
     */
    public Builder storeIndex(IndexConfig index) {
      this.index = index;
      return this;
    }

    /** Observes every run this server executes (in addition to the graphs' own listeners). */
    public Builder listener(GraphListener listener) {
      listeners.add(java.util.Objects.requireNonNull(listener, "listener"));
      return this;
    }

    /**
     * Traces every run with OpenTelemetry (see {@code trellis-otel}): a run's span continues the
     * trace of the request that created it (W3C {@code traceparent}), node spans below it, the
     * GenAI spans of every model and tool call of the agent layer below those; run, step, node and
     * GenAI metrics. Give it your SDK, or {@code GlobalOpenTelemetry.get()}.
     */
    public Builder openTelemetry(OpenTelemetry otel) {
      return telemetry(TrellisTelemetry.create(otel));
    }

    /** Like {@link #openTelemetry}, with telemetry you made (e.g. {@code withMessageContent(true)}). */
    public Builder telemetry(TrellisTelemetry t) {
      this.telemetry = java.util.Objects.requireNonNull(t, "telemetry");
      return this;
    }

    /** Adds routes (e.g. the studio). */
    public Builder routes(Routes extra) {
      routes.add(extra);
      return this;
    }

    /**
     * Opens the database, compiles the graphs, starts the worker and the HTTP server.
     *
     * @throws IllegalStateException no graph was registered, the database cannot be opened, or the port is taken
     * @throws dev.trellis.error.InvalidGraphException a graph does not compile
     */
    public TrellisServer start() {
      return assemble(true);
    }

    /**
     * Like {@link #start} but listens on no port: register {@link TrellisServer#servlet()} in your
     * own servlet container (Spring Boot's, say) mapped at {@code <path>/*} (e.g. {@code /langgraph/*};
     * routes are then {@code /langgraph/threads} and so on). Host and port are ignored.
     *
     * @throws IllegalStateException no graph was registered, or the database cannot be opened
     * @throws dev.trellis.error.InvalidGraphException a graph does not compile
     */
    public TrellisServer startMounted() {
      return assemble(false);
    }

    private dev.trellis.server.queue.WorkerLiveness pgLiveness(JdbcDatabase jdbc, String id) {
      try {
        java.sql.Connection own = dataSource != null ? dataSource.getConnection()
            : java.sql.DriverManager.getConnection(postgres);
        return dev.trellis.server.queue.WorkerLiveness.postgres(jdbc, own, id);
      } catch (java.sql.SQLException e) {
        org.slf4j.LoggerFactory.getLogger(TrellisServer.class).warn("no liveness connection ({}); a dead process's runs wait for their leases", e.toString());
        return dev.trellis.server.queue.WorkerLiveness.UNKNOWN;
      }
    }

    private TrellisServer assemble(boolean listening) {
      if (graphs.isEmpty()) {
        throw new IllegalStateException("register at least one graph with graph(id, factory)");
      }
      boolean pg = postgres != null || dataSource != null;
      if (!pg) {
        dev.trellis.server.db.SqliteSpace.prepare(sqlite);
      }
      JdbcDatabase jdbc = dataSource != null ? PostgresDatabase.using(dataSource)
          : pg ? PostgresDatabase.connect(postgres) : SqliteDatabase.open(sqlite, "NORMAL");
      ServerDb db = new ServerDb(jdbc, pg, clock);
      String id = workerId != null ? workerId : "worker-" + UUID.randomUUID().toString().substring(0, 8);
      Fences fences = new Fences(db, id);
      // Fenced on SQLite too: a run whose thread was deleted (or that lost its row) writes nothing more.
      var stateSerde = new dev.trellis.server.queue.StateSizeLimit(serde, maxState);
      CheckpointSaver saver = listCacheBytes < 0 ? new JdbcSaver(jdbc, stateSerde, fences)
          : new JdbcSaver(jdbc, stateSerde, fences, listCacheBytes);
      Store store = storeTtl.applyTo(new JdbcStore(jdbc, clock, index));
      // The node cache lives with the runs: PostgresCache's table on PostgreSQL, SqliteCache's on SQLite.
      Cache cache = new JdbcCache(jdbc, clock);
      PgListener listener = dataSource != null ? new PgListener(dataSource::getConnection)
          : postgres != null ? new PgListener(postgres) : null;
      PgEventBus pgBus = listener != null ? new PgEventBus(db, listener, id) : null;
      EventBus bus = pgBus != null ? pgBus : new LocalEventBus(EventBus.RESUMABLE_KEEP_MILLIS, clock::millis);
      Map<String, CompiledGraph> compiled = new LinkedHashMap<>();
      Assistants assistants = new Assistants(db);
      AppRuns appContext = new AppRuns(jdbc, pg, saver, store, cache, clock);
      graphs.forEach((gid, f) -> {
        compiled.put(gid, providers.contains(f) ? ((GraphProvider) f).build(appContext) : f.build(saver, store));
        GraphProvider p = f instanceof GraphProvider gp ? gp : null;
        assistants.ensureSystem(gid, p != null ? p.assistantConfig() : Map.of(), p != null ? p.description() : null,
            p != null ? p.assistantMetadata() : Map.of());
        if (p != null) {
          dev.trellis.server.db.Crons crons = new dev.trellis.server.db.Crons(db);
          for (GraphProvider.Schedule sc : p.schedules()) {
            long next = dev.trellis.server.queue.CronSchedule.parse(sc.cron()).nextMillis(db.millis(), java.time.ZoneOffset.UTC);
            crons.ensureSystem(gid, sc.name(), sc.cron(), sc.input(), next);
          }
        }
      });
      Services services = new Services(db, assistants, new Threads(db, threadTtl), new RunStore(db), bus, Map.copyOf(compiled),
          saver, store, fences, new RunObservers(listeners, telemetry), webhooks);
      // Thread values stored as a reference to their checkpoint are read through the graph that wrote it.
      services.threads().resolveWith(services::referencedValues);
      if (pgBus != null) { // a big done marker is stored as a reference to the run's result, read back through the run store
        pgBus.results(runId -> {
          Object result = services.runResult(runId);
          return result == null ? null : dev.trellis.server.wire.Json.write(result);
        });
      }
      // On SQLite, processes sharing the file prove each other alive by file locks beside it: a killed one's runs
      // are taken over at once rather than after their leases.
      // On PostgreSQL each process holds a session advisory lock the database frees when the process dies.
      dev.trellis.server.queue.WorkerLiveness liveness = pg ? pgLiveness(jdbc, id)
          : dev.trellis.server.queue.WorkerLiveness.files(
              sqlite.toAbsolutePath().resolveSibling(sqlite.getFileName() + ".workers"), id);
      Worker worker = new Worker(services, new Worker.Settings(id, slots, lease.toMillis(), grace.toMillis(), runTimeout.toMillis(),
          storeTtl.sweepInterval().toMillis()), liveness);
      if (listener != null) {
        listener.on(RunStore.CREATED_CHANNEL, worker::runAnnounced);
        listener.on(RunStore.CLAIM_CHANNEL, x -> worker.helpClaim());
        listener.on("trellis_cancel", x -> worker.checkLeases());
      }
      appContext.connect(services, worker);
      List<Routes> extra = new ArrayList<>(routes);
      providers.forEach(p -> extra.addAll(p.routes(appContext)));
      extra.add(new dev.trellis.server.studio.StudioAssets());
      AutoCloseable[] crons = new AutoCloseable[1];
      Javalin app = Javalin.create(config -> {
        config.concurrency.useVirtualThreads = true;
        config.http.maxRequestSize = maxBody;
        config.startup.showJavalinBanner = false;
        config.jetty.host = host;
        config.jetty.port = port;
        crons[0] = Api.configure(config, services, worker, auth, extra, new dev.trellis.server.sse.Sse(keepAlive));
      });
      TrellisServer server = listener == null ? new TrellisServer(app, worker, services, listening, crons[0], bus, jdbc)
          : new TrellisServer(app, worker, services, listening, crons[0], bus, listener, jdbc);
      if (!listening) {
        worker.start();
        return server;
      }
      try {
        app.start();
      } catch (RuntimeException e) {
        server.close();
        throw new IllegalStateException("cannot listen on " + host + ":" + port + " (" + e.getMessage()
            + "); choose another port", e);
      }
      worker.start();
      return server;
    }
  }
}
