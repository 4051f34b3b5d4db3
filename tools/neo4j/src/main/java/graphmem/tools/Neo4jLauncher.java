package graphmem.tools;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;

import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.HttpConnector;
import org.neo4j.configuration.connectors.HttpsConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.io.ByteUnit;
import org.neo4j.logging.Level;
import org.neo4j.logging.log4j.Log4jLogProvider;

/**
 * Runs an embedded Neo4j Community DBMS with only the Bolt connector, for graphmem's
 * tests and local development on machines without a Docker engine.
 *
 * <p>Usage: {@code Neo4jLauncher [--port N] [--home DIR] [--data DIR]}. Defaults come from
 * GRAPHMEM_NEO4J_PORT / GRAPHMEM_NEO4J_HOME, then 7687 and {@code <repo>/.neo4j}. The
 * settings mirror docker-compose.yml: no auth, no HTTP, Cypher 25 by default. It runs
 * until SIGTERM/SIGINT, when a shutdown hook stops the DBMS cleanly (checkpoint, no
 * recovery on the next start).
 */
public final class Neo4jLauncher {

    private Neo4jLauncher() {}

    public static void main(String[] args) throws Exception {
        int port = intOr(System.getenv("GRAPHMEM_NEO4J_PORT"), BoltConnector.DEFAULT_PORT);
        String homeEnv = System.getenv("GRAPHMEM_NEO4J_HOME");
        Path home = homeEnv == null || homeEnv.isBlank() ? defaultHome() : Path.of(homeEnv);
        Path data = null;

        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--port" -> port = intOr(need(args, ++i, a), port);
                case "--home" -> home = Path.of(need(args, ++i, a));
                case "--data" -> data = Path.of(need(args, ++i, a));
                case "-h", "--help" -> {
                    System.out.println("usage: Neo4jLauncher [--port N] [--home DIR] [--data DIR]");
                    return;
                }
                default -> throw new IllegalArgumentException("unknown argument: " + a);
            }
        }
        home = home.toAbsolutePath().normalize();
        data = (data == null ? home.resolve("data") : data).toAbsolutePath().normalize();
        Files.createDirectories(data);

        DatabaseManagementService dbms = new DatabaseManagementServiceBuilder(home)
                // The user log (what neo4j.log holds in a server install) goes to stdout,
                // which neo4j-local redirects to .neo4j/neo4j.log; debug.log lands in home/logs.
                .setUserLogProvider(new Log4jLogProvider(System.out, Level.INFO))
                .setConfig(GraphDatabaseSettings.data_directory, data)
                // Cypher 25 is the language graphmem writes (SEARCH, vector filters). It is
                // applied when a database is created, so it takes effect on a fresh data dir.
                .setConfig(GraphDatabaseSettings.default_language,
                        GraphDatabaseSettings.CypherVersion.Cypher25)
                .setConfig(GraphDatabaseSettings.auth_enabled, false)
                .setConfig(BoltConnector.enabled, true)
                .setConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", port))
                .setConfig(BoltConnector.advertised_address, new SocketAddress("127.0.0.1", port))
                .setConfig(BoltConnector.encryption_level, BoltConnector.EncryptionLevel.DISABLED)
                // No fleet broadcasts on the LAN; no usage reports (there is no network anyway).
                .setConfig(BoltConnector.enable_discovery, false)
                .setConfig(GraphDatabaseSettings.udc_enabled, false)
                .setConfig(HttpConnector.enabled, false)
                .setConfig(HttpsConnector.enabled, false)
                // Modest footprint for a 2-core / 24 GB box shared with pytest and builds.
                .setConfig(GraphDatabaseSettings.pagecache_memory, ByteUnit.mebiBytes(512))
                .setConfig(GraphDatabaseSettings.memory_transaction_global_max_size,
                        ByteUnit.mebiBytes(1024))
                .setConfig(GraphDatabaseSettings.preallocate_logical_logs, false)
                .setConfig(GraphDatabaseSettings.keep_logical_logs, "1 files")
                .setConfig(GraphDatabaseSettings.transaction_timeout, Duration.ofMinutes(5))
                .build();

        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("neo4j-launcher: shutting down");
            try {
                dbms.shutdown();
            } finally {
                stopped.countDown();
            }
            System.out.println("neo4j-launcher: stopped");
            System.out.flush();
        }, "neo4j-launcher-shutdown"));

        // The bolt connector is already listening once build() returns.
        System.out.println("neo4j-launcher: ready on bolt://127.0.0.1:" + port
                + " (home " + home + ", data " + data + ")");
        System.out.flush();
        stopped.await();
    }

    /** The repo's .neo4j folder, found from where this class was loaded (target/classes). */
    private static Path defaultHome() throws URISyntaxException {
        Path classes = Path.of(Neo4jLauncher.class.getProtectionDomain()
                .getCodeSource().getLocation().toURI());
        // <repo>/tools/neo4j/target/classes -> <repo>
        Path repo = classes.getParent().getParent().getParent().getParent();
        return repo.resolve(".neo4j");
    }

    private static String need(String[] args, int i, String flag) {
        if (i >= args.length) {
            throw new IllegalArgumentException(flag + " needs a value");
        }
        return args[i];
    }

    private static int intOr(String s, int fallback) {
        if (s == null || s.isBlank()) {
            return fallback;
        }
        return Integer.parseInt(s.trim());
    }
}
