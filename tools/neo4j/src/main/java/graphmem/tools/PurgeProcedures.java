package graphmem.tools;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import org.neo4j.procedure.Description;
import org.neo4j.procedure.Mode;
import org.neo4j.procedure.Procedure;

/**
 * {@code graphmem.purge()} and {@code graphmem.purgeStatus()}: how a client asks the launcher
 * to rewrite the store without what was deleted.
 *
 * <p>Neo4j deletes logically: a deleted record keeps its bytes until its id is reused, the
 * transaction log keeps every before-image until it is pruned, Lucene keeps deleted documents
 * until a merge and index trees keep removed keys in dead space. None of that can be forced
 * from Cypher in Community, so a purge copies the live graph into a fresh store and swaps it
 * in (see {@link StoreCompactor}); the server restarts on the same port meanwhile.
 */
public final class PurgeProcedures {

    /** Tickets asked for and not yet served; the launcher's main loop takes them. */
    static final BlockingQueue<Long> REQUESTS = new LinkedBlockingQueue<>();
    static final AtomicLong ASKED = new AtomicLong();
    static final AtomicLong DONE = new AtomicLong();
    static final AtomicReference<String> LAST = new AtomicReference<>("none");

    public static final class Ticket {
        public long ticket;

        Ticket(long ticket) {
            this.ticket = ticket;
        }
    }

    public static final class Status {
        public long asked;
        public long done;
        public String last;

        Status(long asked, long done, String last) {
            this.asked = asked;
            this.done = done;
            this.last = last;
        }
    }

    @Procedure(name = "graphmem.purge", mode = Mode.READ)
    @Description("Schedule a purge: the server restarts on a copy of the live graph, so no file"
            + " keeps deleted values. Returns the ticket that graphmem.purgeStatus reports as done.")
    public Stream<Ticket> purge() {
        long ticket = ASKED.incrementAndGet();
        REQUESTS.add(ticket);
        return Stream.of(new Ticket(ticket));
    }

    @Procedure(name = "graphmem.purgeStatus", mode = Mode.READ)
    @Description("The last purge ticket asked for, the last one done, and how the last one went.")
    public Stream<Status> purgeStatus() {
        return Stream.of(new Status(ASKED.get(), DONE.get(), LAST.get()));
    }
}
