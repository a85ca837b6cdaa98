package dev.jmcp.core.internal.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.internal.session.AnswerHold;
import dev.jmcp.core.spi.Budget;
import dev.jmcp.core.tasks.TaskSettings;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import jakarta.json.JsonValue;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * The server's task store on a clock the test moves: a task lives its ttl, a finished one also its
 * result retention, and an expired one is cancelled, forgotten and gives back what it held; the
 * bounds and the owner check refuse by name.
 */
class TaskStoreTest {
    private final MovingClock clock = new MovingClock();
    private final Budget budget = Budget.of("maxResponseBytesInMemory", 1000);

    private TaskStore store(TaskSettings settings) {
        return new TaskStore(settings, clock);
    }

    @Test
    void aWorkingTaskPastItsTtlIsCancelledForgottenAndGivesBackWhatItHeld() {
        TaskStore store = store(TaskSettings.builder().ttl(Duration.ofSeconds(60)).build());
        Task task = store.create("alice", null, new AnswerHold(budget));
        AtomicBoolean stopped = new AtomicBoolean();
        task.onCancel(() -> stopped.set(true));
        task.hold().hold(100, "what the work made");

        clock.advance(Duration.ofSeconds(59));
        assertSame(task, store.find(task.id, "alice"), "kept for its whole ttl");
        clock.advance(Duration.ofSeconds(1));
        assertNotFound(() -> store.find(task.id, "alice"));
        assertTrue(stopped.get(), "its work was told to stop");
        assertEquals(0, budget.used(), "what it held is given back");
    }

    @Test
    void aFinishedTaskIsKeptItsResultRetentionPastItsTtl() {
        TaskStore store = store(TaskSettings.builder().ttl(Duration.ofSeconds(60))
                .resultRetention(Duration.ofSeconds(30)).build());
        Task task = store.create("alice", null, new AnswerHold(budget));
        clock.advance(Duration.ofSeconds(50));
        task.complete(JsonValue.EMPTY_JSON_OBJECT, clock.instant());
        clock.advance(Duration.ofSeconds(29)); // 79 s: past the ttl, within the retention
        assertEquals("completed", store.find(task.id, "alice").detailed().getString("status"));
        clock.advance(Duration.ofSeconds(1));
        assertNotFound(() -> store.find(task.id, "alice"));
    }

    @Test
    void aTtlAskedForIsCutToMaxTtl() {
        TaskStore store = store(TaskSettings.builder().ttl(Duration.ofSeconds(10)).maxTtl(Duration.ofSeconds(20)).build());
        Task task = store.create("alice", Duration.ofHours(5), new AnswerHold(budget));
        assertEquals(20_000, task.created().getJsonNumber("ttlMs").longValue());
    }

    @Test
    void boundsRefuseByNameAndAnExpiredTaskMakesRoom() {
        TaskStore store = store(TaskSettings.builder().maxTasks(2).maxTasksPerPrincipal(1).ttl(Duration.ofSeconds(5)).build());
        store.create("alice", null, new AnswerHold(null));
        ProtocolException mine = assertThrows(ProtocolException.class, () -> store.create("alice", null, new AnswerHold(null)));
        assertTrue(mine.getMessage().contains("maxTasksPerPrincipal=1"), mine.getMessage());
        store.create("bob", null, new AnswerHold(null));
        ProtocolException full = assertThrows(ProtocolException.class, () -> store.create("carol", null, new AnswerHold(null)));
        assertTrue(full.getMessage().contains("maxTasks=2"), full.getMessage());
        assertEquals("maxTasks", full.data().asJsonObject().getString("setting"));
        clock.advance(Duration.ofSeconds(5));
        store.create("carol", null, new AnswerHold(null));
        store.create("alice", null, new AnswerHold(null));
    }

    @Test
    void anotherOwnersTaskIsNotFound() {
        TaskStore store = store(TaskSettings.defaults());
        Task task = store.create("alice", null, new AnswerHold(null));
        ProtocolException refused = assertNotFound(() -> store.find(task.id, "bob"));
        assertTrue(refused.getMessage().contains(task.id), refused.getMessage());
        assertSame(task, store.find(task.id, "alice"));
    }

    private static ProtocolException assertNotFound(Runnable lookup) {
        ProtocolException refused = assertThrows(ProtocolException.class, lookup::run);
        assertEquals(-32602, refused.code());
        return refused;
    }

    /** A clock that moves only when the test says. */
    private static final class MovingClock extends Clock {
        private Instant now = Instant.parse("2026-07-28T00:00:00Z");

        void advance(Duration by) {
            now = now.plus(by);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
