package dev.jmcp.transport.stdio;

import java.lang.reflect.Method;

/**
 * The bytes the current thread has allocated, from {@code com.sun.management.ThreadMXBean}, or -1
 * where the JVM cannot tell. Reached by reflection, which needs no {@code requires}: the module
 * under test must not read {@code jdk.management} just for its tests.
 */
final class Allocation {
    private static final Object BEAN;
    private static final Method ALLOCATED;

    static {
        Object bean = null;
        Method allocated = null;
        try {
            bean = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean").invoke(null);
            Class<?> type = Class.forName("com.sun.management.ThreadMXBean");
            if (type.isInstance(bean)) {
                allocated = type.getMethod("getThreadAllocatedBytes", long.class);
            }
        } catch (ReflectiveOperationException | LinkageError e) {
            allocated = null;
        }
        BEAN = bean;
        ALLOCATED = allocated;
    }

    private Allocation() {
    }

    static long ofCurrentThread() {
        if (ALLOCATED == null) {
            return -1;
        }
        try {
            return (Long) ALLOCATED.invoke(BEAN, Thread.currentThread().getId());
        } catch (ReflectiveOperationException e) {
            return -1;
        }
    }
}
