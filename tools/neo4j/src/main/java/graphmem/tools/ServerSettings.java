package graphmem.tools;

import java.nio.file.Path;
import java.time.Duration;

import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.HttpConnector;
import org.neo4j.configuration.connectors.HttpsConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.io.ByteUnit;

/** The settings every DBMS the launcher starts shares; mirrored in docker-compose.yml. */
final class ServerSettings {

    private ServerSettings() {}

    private static long mebibytes(String value, long fallback) {
        try {
            return value == null || value.isBlank() ? fallback : Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    /** A builder for a DBMS in {@code home} with its data in {@code data}; Bolt only when {@code port > 0}. */
    static DatabaseManagementServiceBuilder builder(Path home, Path data, int port) {
        DatabaseManagementServiceBuilder b = new DatabaseManagementServiceBuilder(home)
                .setConfig(GraphDatabaseSettings.data_directory, data)
                // Cypher 25 is the language graphmem writes (SEARCH, vector filters). It is
                // applied when a database is created, so it takes effect on a fresh data dir.
                .setConfig(GraphDatabaseSettings.default_language,
                        GraphDatabaseSettings.CypherVersion.Cypher25)
                .setConfig(GraphDatabaseSettings.auth_enabled, false)
                .setConfig(BoltConnector.enabled, port > 0)
                // No fleet broadcasts on the LAN; no usage reports (there is no network anyway).
                .setConfig(BoltConnector.enable_discovery, false)
                .setConfig(GraphDatabaseSettings.udc_enabled, false)
                .setConfig(HttpConnector.enabled, false)
                .setConfig(HttpsConnector.enabled, false)
                // Modest footprint for a 2-core / 24 GB box shared with pytest and builds;
                // GRAPHMEM_NEO4J_PAGECACHE_MB for a bigger store (bench/scale.py at 1M facts).
                .setConfig(GraphDatabaseSettings.pagecache_memory, ByteUnit.mebiBytes(
                        mebibytes(System.getenv("GRAPHMEM_NEO4J_PAGECACHE_MB"), 512)))
                .setConfig(GraphDatabaseSettings.memory_transaction_global_max_size,
                        ByteUnit.mebiBytes(1024))
                // Old transactions hold old values (forgotten text among them): keep as
                // little log as recovery needs, and no preallocated, never-overwritten tail.
                .setConfig(GraphDatabaseSettings.preallocate_logical_logs, false)
                .setConfig(GraphDatabaseSettings.keep_logical_logs, "1 files")
                .setConfig(GraphDatabaseSettings.transaction_timeout, Duration.ofMinutes(5));
        if (port > 0) {
            SocketAddress address = new SocketAddress("127.0.0.1", port);
            b.setConfig(BoltConnector.listen_address, address)
                    .setConfig(BoltConnector.advertised_address, address)
                    .setConfig(BoltConnector.encryption_level, BoltConnector.EncryptionLevel.DISABLED);
        }
        return b;
    }
}
