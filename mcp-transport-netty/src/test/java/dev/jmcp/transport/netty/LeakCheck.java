package dev.jmcp.transport.netty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.ResourceLeakDetectorFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Runs Netty's leak detector at PARANOID (every buffer tracked) and fails a test when a leak was
 * reported during it. The detectors are made by our own factory, installed before Netty creates
 * its first one, so that a report reaches this class instead of only a log. After each test it
 * forces garbage collection and allocates, which is when the detector reports what it found.
 */
public final class LeakCheck implements BeforeAllCallback, AfterEachCallback {
    private static final List<String> LEAKS = new CopyOnWriteArrayList<>();

    static {
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.PARANOID);
        ResourceLeakDetectorFactory.setResourceLeakDetectorFactory(new ResourceLeakDetectorFactory() {
            @Override
            public <T> ResourceLeakDetector<T> newResourceLeakDetector(Class<T> resource, int samplingInterval,
                    long maxActive) {
                return new ResourceLeakDetector<>(resource, samplingInterval) {
                    @Override
                    protected boolean needReport() {
                        return true;
                    }

                    @Override
                    protected void reportTracedLeak(String resourceType, String records) {
                        LEAKS.add("LEAK of " + resourceType + ":" + records);
                        super.reportTracedLeak(resourceType, records);
                    }

                    @Override
                    protected void reportUntracedLeak(String resourceType) {
                        LEAKS.add("LEAK of " + resourceType);
                        super.reportUntracedLeak(resourceType);
                    }
                };
            }
        });
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        if (ResourceLeakDetector.getLevel() != ResourceLeakDetector.Level.PARANOID) {
            throw new IllegalStateException("the leak detector runs at " + ResourceLeakDetector.getLevel());
        }
    }

    @Override
    public void afterEach(ExtensionContext context) throws InterruptedException {
        List<String> found = collect();
        if (!found.isEmpty()) {
            throw new AssertionError(found.size() + " Netty buffer leak(s) reported:\n" + String.join("\n", found));
        }
    }

    /** Forces collection and gives the detector the allocations it reports on; @return what it reported, cleared. */
    public static List<String> collect() throws InterruptedException {
        for (int round = 0; round < 3; round++) {
            System.gc();
            Thread.sleep(20); // time for the collector to enqueue what it found: there is no condition to wait on
            for (int i = 0; i < 64; i++) {
                ByteBuf pooled = ByteBufAllocator.DEFAULT.buffer(16);
                pooled.release();
                ByteBuf unpooled = Unpooled.buffer(16);
                unpooled.release();
                ByteBuf direct = ByteBufAllocator.DEFAULT.directBuffer(16);
                direct.release();
            }
        }
        List<String> found = new ArrayList<>(LEAKS);
        LEAKS.removeAll(found);
        return found;
    }
}
