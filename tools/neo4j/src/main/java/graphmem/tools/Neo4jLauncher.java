package graphmem.tools;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.kernel.api.procedure.GlobalProcedures;
import org.neo4j.kernel.internal.GraphDatabaseAPI;
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
 * recovery on the next start). Between, {@code CALL graphmem.purge()} makes it stop,
 * rewrite the store without deleted values and start again on the same port.
 */
public final class Neo4jLauncher {

    /** The ticket the main loop reads as "stop for good". */
    private static final long STOP = -1;

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
        StoreCompactor.recover(data);
        Files.createDirectories(data);

        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("neo4j-launcher: shutting down");
            PurgeProcedures.REQUESTS.add(STOP);
            try {
                stopped.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            System.out.println("neo4j-launcher: stopped");
            System.out.flush();
        }, "neo4j-launcher-shutdown"));

        try {
            while (true) {
                DatabaseManagementService dbms = start(home, data, port);
                long ticket = PurgeProcedures.REQUESTS.take();
                if (ticket != STOP) {
                    Thread.sleep(300); // let the caller's transaction finish and its answer leave
                }
                dbms.shutdown();
                if (ticket == STOP) {
                    break;
                }
                purge(home, data, ticket);
            }
        } finally {
            stopped.countDown();
        }
    }

    private static DatabaseManagementService start(Path home, Path data, int port) throws Exception {
        DatabaseManagementService dbms = ServerSettings.builder(home, data, port)
                // The user log (what neo4j.log holds in a server install) goes to stdout,
                // which neo4j-local redirects to .neo4j/neo4j.log; debug.log lands in home/logs.
                .setUserLogProvider(new Log4jLogProvider(System.out, Level.INFO))
                .build();
        GraphDatabaseAPI system = (GraphDatabaseAPI) dbms.database("system");
        system.getDependencyResolver().resolveDependency(GlobalProcedures.class)
                .registerProcedure(PurgeProcedures.class);
        // The bolt connector is already listening once build() returns.
        System.out.println("neo4j-launcher: ready on bolt://127.0.0.1:" + port
                + " (home " + home + ", data " + data + ")");
        System.out.flush();
        return dbms;
    }

    private static void purge(Path home, Path data, long ticket) {
        long began = System.nanoTime();
        // Every request queued meanwhile is served by this one copy.
        PurgeProcedures.REQUESTS.removeIf(t -> t != STOP);
        String outcome;
        try {
            long[] copied = StoreCompactor.compact(home, data);
            outcome = String.format("ok: %d nodes, %d relationships copied in %.1f s",
                    copied[0], copied[1], (System.nanoTime() - began) / 1e9);
        } catch (Exception e) {
            outcome = "failed: " + e;
            e.printStackTrace(System.out);
        }
        PurgeProcedures.LAST.set(outcome);
        PurgeProcedures.DONE.set(PurgeProcedures.ASKED.get());
        System.out.println("neo4j-launcher: purge " + ticket + " " + outcome);
        System.out.flush();
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
