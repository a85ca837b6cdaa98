package dev.jmcp.core.internal;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.Map;

/**
 * Copies of schema records with some components replaced, for code that adds protocol fields
 * ({@code _meta} keys, {@code resultType}, caching hints) to params and results it did not build.
 * The records must be public, in an exported package, with a public canonical constructor.
 */
public final class Records {
    /** The components of each record type, looked up once. */
    private static final ClassValue<RecordComponent[]> COMPONENTS = new ClassValue<>() {
        @Override
        protected RecordComponent[] computeValue(Class<?> type) {
            RecordComponent[] components = type.getRecordComponents();
            return components == null ? new RecordComponent[0] : components;
        }
    };
    /**
     * The accessors of each record type's components, looked up once: {@code RecordComponent.getAccessor()}
     * copies its {@code Method} at every call, which the 2026-07-28 decoration of every result and
     * the {@code _meta} lookups of every request paid for per component.
     */
    private static final ClassValue<Method[]> ACCESSORS = new ClassValue<>() {
        @Override
        protected Method[] computeValue(Class<?> type) {
            RecordComponent[] components = COMPONENTS.get(type);
            Method[] accessors = new Method[components.length];
            for (int i = 0; i < components.length; i++) {
                accessors[i] = components[i].getAccessor();
            }
            return accessors;
        }
    };
    /** The canonical constructor of each record type, looked up once. */
    private static final ClassValue<Constructor<?>> CANONICAL = new ClassValue<>() {
        @Override
        protected Constructor<?> computeValue(Class<?> type) {
            RecordComponent[] components = COMPONENTS.get(type);
            Class<?>[] types = new Class<?>[components.length];
            for (int i = 0; i < components.length; i++) {
                types[i] = components[i].getType();
            }
            try {
                return type.getConstructor(types);
            } catch (NoSuchMethodException e) {
                throw new IllegalArgumentException(type.getName() + " has no public canonical constructor", e);
            }
        }
    };

    private Records() {
    }

    /** @return the index of the component named {@code name} of type {@code type}, or -1 */
    public static int component(Class<?> record, String name, Class<?> type) {
        RecordComponent[] components = COMPONENTS.get(record);
        for (int i = 0; i < components.length; i++) {
            if (components[i].getName().equals(name) && components[i].getType() == type) {
                return i;
            }
        }
        return -1;
    }

    /** @return the value of component {@code index} of {@code record} */
    public static Object get(Record record, int index) {
        try {
            return ACCESSORS.get(record.getClass())[index].invoke(record);
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException("cannot read " + record.getClass().getName() + ": its accessors must be "
                    + "public in an exported package", e);
        }
    }

    /**
     * @return the values of every component of {@code record}, in declaration order; a new array
     * @throws IllegalArgumentException when the record cannot be read reflectively
     */
    public static Object[] values(Record record) {
        Method[] accessors = ACCESSORS.get(record.getClass());
        Object[] values = new Object[accessors.length];
        try {
            for (int i = 0; i < accessors.length; i++) {
                values[i] = accessors[i].invoke(record);
            }
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException("cannot read " + record.getClass().getName() + ": its accessors must be "
                    + "public in an exported package", e);
        }
        return values;
    }

    /**
     * @param values every component's value, in declaration order
     * @return a new record of {@code type} built by its canonical constructor
     * @throws IllegalArgumentException when the record cannot be built reflectively, or its
     *                                  constructor refuses the values
     */
    public static <R extends Record> R of(Class<R> type, Object[] values) {
        try {
            return type.cast(CANONICAL.get(type).newInstance(values));
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException("cannot build " + type.getName() + ": its canonical constructor must be "
                    + "public in an exported package", e);
        }
    }

    /**
     * @param replacements new values by component name; names the record lacks are ignored
     * @return a copy of {@code record} with those components replaced
     * @throws IllegalArgumentException when the record cannot be read or built reflectively, or
     *                                  its constructor refuses the values
     */
    public static <R extends Record> R with(R record, Map<String, ?> replacements) {
        Class<?> type = record.getClass();
        RecordComponent[] components = COMPONENTS.get(type);
        Method[] accessors = ACCESSORS.get(type);
        Object[] values = new Object[components.length];
        try {
            for (int i = 0; i < components.length; i++) {
                String name = components[i].getName();
                values[i] = replacements.containsKey(name) ? replacements.get(name) : accessors[i].invoke(record);
            }
            @SuppressWarnings("unchecked")
            R copy = (R) CANONICAL.get(type).newInstance(values);
            return copy;
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException("cannot copy " + type.getName() + ": its canonical constructor and "
                    + "accessors must be public in an exported package", e);
        }
    }
}
