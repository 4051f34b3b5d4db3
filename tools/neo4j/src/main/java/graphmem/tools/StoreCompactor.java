package graphmem.tools;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.graphdb.Label;
import org.neo4j.graphdb.Node;
import org.neo4j.graphdb.Relationship;
import org.neo4j.graphdb.ResourceIterable;
import org.neo4j.graphdb.Transaction;

/**
 * Rewrites a stopped store as a copy of its live graph: nodes, relationships, properties,
 * constraints and indexes, and nothing that was deleted. The copy is built beside the store
 * and swapped in only when complete, so a kill at any moment leaves one whole store:
 * {@link #recover} finishes or discards an interrupted swap before the server starts.
 */
final class StoreCompactor {

    private static final int BATCH = 5_000;
    private static final String DATABASE = "neo4j";

    private StoreCompactor() {}

    /** Copy {@code data} into a fresh store and swap it in; returns nodes and relationships copied. */
    static long[] compact(Path home, Path data) throws IOException {
        Path fresh = sibling(data, "purge-new");
        Path scratchHome = home.resolve("purge-home");
        deleteTree(fresh);
        deleteTree(scratchHome);
        long[] copied;
        DatabaseManagementService from = ServerSettings.builder(home, data, 0).build();
        try {
            DatabaseManagementService to = ServerSettings.builder(scratchHome, fresh, 0).build();
            try {
                copied = copy(from.database(DATABASE), to.database(DATABASE));
            } finally {
                to.shutdown();
            }
        } finally {
            from.shutdown();
        }
        Files.writeString(fresh.resolve("COMPLETE"), "graphmem purge copy\n");
        swap(data, fresh);
        deleteTree(scratchHome);
        return copied;
    }

    /** Before a start: finish a swap whose copy completed, drop one that did not. */
    static void recover(Path data) throws IOException {
        Path fresh = sibling(data, "purge-new");
        Path old = sibling(data, "purge-old");
        if (Files.exists(fresh.resolve("COMPLETE")) && !Files.exists(data)) {
            Files.move(fresh, data, StandardCopyOption.ATOMIC_MOVE);
        }
        if (Files.exists(data)) {
            Files.deleteIfExists(data.resolve("COMPLETE"));
            deleteTree(fresh);
            deleteTree(old);
        }
    }

    private static void swap(Path data, Path fresh) throws IOException {
        Path old = sibling(data, "purge-old");
        deleteTree(old);
        Files.move(data, old, StandardCopyOption.ATOMIC_MOVE);
        Files.move(fresh, data, StandardCopyOption.ATOMIC_MOVE);
        Files.deleteIfExists(data.resolve("COMPLETE"));
        deleteTree(old);
    }

    private static long[] copy(GraphDatabaseService from, GraphDatabaseService to) {
        List<String> constraints = new ArrayList<>();
        List<String> indexes = new ArrayList<>();
        Map<String, String> ids = new HashMap<>();
        long nodes = 0;
        long rels = 0;
        try (Transaction read = from.beginTx()) {
            read.execute("SHOW CONSTRAINTS YIELD createStatement RETURN createStatement")
                    .forEachRemaining(row -> constraints.add((String) row.get("createStatement")));
            read.execute("SHOW INDEXES YIELD type, owningConstraint, createStatement "
                            + "WHERE owningConstraint IS NULL AND type <> 'LOOKUP' "
                            + "RETURN createStatement")
                    .forEachRemaining(row -> indexes.add((String) row.get("createStatement")));
            Transaction write = to.beginTx();
            try (ResourceIterable<Node> all = read.getAllNodes()) {
                for (Node node : all) {
                    List<Label> labels = new ArrayList<>();
                    node.getLabels().forEach(labels::add);
                    Node copy = write.createNode(labels.toArray(Label[]::new));
                    node.getAllProperties().forEach(copy::setProperty);
                    ids.put(node.getElementId(), copy.getElementId());
                    if (++nodes % BATCH == 0) {
                        write.commit();
                        write.close();
                        write = to.beginTx();
                    }
                }
            }
            try (ResourceIterable<Relationship> all = read.getAllRelationships()) {
                for (Relationship rel : all) {
                    Node start = write.getNodeByElementId(ids.get(rel.getStartNode().getElementId()));
                    Node end = write.getNodeByElementId(ids.get(rel.getEndNode().getElementId()));
                    Relationship copy = start.createRelationshipTo(end, rel.getType());
                    rel.getAllProperties().forEach(copy::setProperty);
                    if (++rels % BATCH == 0) {
                        write.commit();
                        write.close();
                        write = to.beginTx();
                    }
                }
            }
            write.commit();
            write.close();
        }
        // Schema after data: one population per index instead of an update per row.
        for (String statement : constraints) {
            try (Transaction tx = to.beginTx()) {
                tx.execute(statement);
                tx.commit();
            }
        }
        for (String statement : indexes) {
            try (Transaction tx = to.beginTx()) {
                tx.execute(statement);
                tx.commit();
            }
        }
        try (Transaction tx = to.beginTx()) {
            tx.execute("CALL db.awaitIndexes(3600)");
            tx.commit();
        }
        return new long[] {nodes, rels};
    }

    private static Path sibling(Path data, String suffix) {
        return data.resolveSibling(data.getFileName() + "." + suffix);
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
