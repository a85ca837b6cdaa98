package dev.jmcp.apicheck;

import java.lang.annotation.Annotation;
import java.lang.annotation.Documented;
import java.lang.reflect.Array;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One line per declaration, written the way Java source declares it: annotations, modifiers, type
 * parameters, generic types, throws. Names are fully qualified except for {@code java.lang} types, so that
 * a line means one thing. Annotations are shown when their type is {@link Documented} and visible at run
 * time ({@code @Deprecated}, {@code @FunctionalInterface}, jmcp's {@code @Experimental}): those are the ones
 * javadoc shows as part of the contract.
 */
final class Signatures {

    private final Module module;
    private final Set<String> exported;
    private final Map<Class<?>, Map<String, Object>> constants = new HashMap<>();

    Signatures(Module module, Set<String> exported) {
        this.module = module;
        this.exported = exported;
    }

    /** Whether a user of the module can name {@code type}: public (or protected and nested) all the way out, in an exported package. */
    boolean isApi(Class<?> type) {
        if (type.isArray()) {
            return isApi(type.getComponentType());
        }
        if (type.isPrimitive()) {
            return true;
        }
        boolean packageExported = type.getModule() == module
                ? exported.contains(type.getPackageName())
                : type.getModule().isExported(type.getPackageName());
        if (!packageExported) {
            return false;
        }
        for (Class<?> t = type; t != null; t = t.getDeclaringClass()) {
            int m = t.getModifiers();
            if (!(Modifier.isPublic(m) || (Modifier.isProtected(m) && t.getDeclaringClass() != null))) {
                return false;
            }
        }
        return true;
    }

    String packageLine(String pkg, Class<?> packageInfo) {
        return (packageInfo == null ? "" : annotations(packageInfo)) + "package " + pkg;
    }

    String typeLine(Class<?> type) {
        StringBuilder line = new StringBuilder(annotations(type));
        int m = type.getModifiers();
        line.append(Modifier.isPublic(m) ? "public " : "protected ");
        boolean plainClass = !type.isInterface() && !type.isEnum() && !type.isRecord();
        if (type.getDeclaringClass() != null && Modifier.isStatic(m) && plainClass) {
            line.append("static ");
        }
        if (plainClass && Modifier.isAbstract(m)) {
            line.append("abstract ");
        }
        if (plainClass && Modifier.isFinal(m)) {
            line.append("final ");
        }
        if (type.isSealed()) {
            line.append("sealed ");
        } else if (!Modifier.isFinal(m) && !type.isEnum() && hasSealedParent(type)) {
            line.append("non-sealed ");
        }
        line.append(type.isAnnotation() ? "@interface " : type.isInterface() ? "interface "
                : type.isEnum() ? "enum " : type.isRecord() ? "record " : "class ");
        line.append(name(type)).append(typeParameters(type.getTypeParameters()));
        if (type.isRecord()) {
            line.append(Arrays.stream(type.getRecordComponents())
                    .map(c -> name(c.getGenericType()) + " " + c.getName())
                    .collect(Collectors.joining(", ", "(", ")")));
        }
        List<Class<?>> hidden = hiddenSuperclasses(type);
        Type superclass = hidden.isEmpty() ? type.getGenericSuperclass()
                : hidden.get(hidden.size() - 1).getGenericSuperclass();
        if (superclass != null && superclass != Object.class && superclass != Record.class
                && !(type.isEnum() && raw(superclass) == Enum.class)) {
            line.append(" extends ").append(name(superclass));
        }
        List<String> interfaces = interfaces(type, hidden);
        if (!interfaces.isEmpty() && !type.isAnnotation()) {
            line.append(type.isInterface() ? " extends " : " implements ").append(String.join(", ", interfaces));
        }
        if (type.isSealed()) {
            line.append(Arrays.stream(type.getPermittedSubclasses()).map(this::name).sorted()
                    .collect(Collectors.joining(", ", " permits ", "")));
        }
        return line.toString();
    }

    /** The member lines of {@code type}: enum constants in ordinal order, then fields, constructors and methods, each sorted. */
    List<String> memberLines(Class<?> type) {
        List<String> lines = new ArrayList<>();
        if (type.isEnum()) {
            Arrays.stream(type.getEnumConstants()).map(c -> "enum constant " + ((Enum<?>) c).name()).forEach(lines::add);
        }
        // members that a hidden (non-API) superclass or superinterface gives the type are its API too
        List<Class<?>> owners = new ArrayList<>();
        owners.add(type);
        owners.addAll(hiddenSuperclasses(type));
        hiddenInterfaces(owners).forEach(owners::add);

        Map<String, Field> fields = new LinkedHashMap<>();
        Map<String, Method> methods = new LinkedHashMap<>();
        for (Class<?> owner : owners) {
            for (Field f : owner.getDeclaredFields()) {
                if (!f.isSynthetic() && !f.isEnumConstant() && ApiReport.isPublicOrProtected(f.getModifiers())) {
                    fields.putIfAbsent(f.getName(), f);
                }
            }
            for (Method method : owner.getDeclaredMethods()) {
                boolean inherited = owner == type || !(owner.isInterface() && Modifier.isStatic(method.getModifiers()));
                if (!method.isSynthetic() && !method.isBridge() && inherited
                        && ApiReport.isPublicOrProtected(method.getModifiers())) {
                    methods.putIfAbsent(method.getName() + Arrays.toString(method.getParameterTypes()), method);
                }
            }
        }
        fields.values().stream().sorted(Comparator.comparing(Field::getName)).map(this::field).forEach(lines::add);
        Arrays.stream(type.getDeclaredConstructors())
                .filter(c -> !c.isSynthetic() && ApiReport.isPublicOrProtected(c.getModifiers()))
                .map(this::constructor).sorted().forEach(lines::add);
        methods.values().stream().map(method -> Map.entry(method.getName(), method(method)))
                .sorted(Map.Entry.<String, String>comparingByKey().thenComparing(Map.Entry.comparingByValue()))
                .map(Map.Entry::getValue).forEach(lines::add);
        return lines;
    }

    private String field(Field f) {
        int m = f.getModifiers();
        StringBuilder line = new StringBuilder(annotations(f)).append(visibility(m));
        if (Modifier.isStatic(m)) {
            line.append("static ");
        }
        if (Modifier.isFinal(m)) {
            line.append("final ");
        }
        line.append(name(f.getGenericType())).append(' ').append(f.getName());
        // a compile-time constant is copied into the code that uses it: its value is API
        Object value = Modifier.isStatic(m) && Modifier.isFinal(m) ? constantValue(f) : null;
        if (value != null) {
            line.append(" = ").append(literal(value));
        }
        return line.toString();
    }

    private String constructor(Constructor<?> c) {
        return annotations(c) + visibility(c.getModifiers()) + typeParametersSpaced(c.getTypeParameters())
                + c.getDeclaringClass().getSimpleName() + parameters(c) + throwsClause(c);
    }

    private String method(Method method) {
        int m = method.getModifiers();
        StringBuilder line = new StringBuilder(annotations(method)).append(visibility(m));
        if (Modifier.isAbstract(m)) {
            line.append("abstract ");
        }
        if (method.isDefault()) {
            line.append("default ");
        }
        if (Modifier.isStatic(m)) {
            line.append("static ");
        }
        if (Modifier.isFinal(m)) {
            line.append("final ");
        }
        line.append(typeParametersSpaced(method.getTypeParameters()))
                .append(name(method.getGenericReturnType())).append(' ').append(method.getName())
                .append(parameters(method)).append(throwsClause(method));
        if (method.getDefaultValue() != null) {
            line.append(" default ").append(literal(method.getDefaultValue()));
        }
        return line.toString();
    }

    private String parameters(Executable e) {
        List<String> types = Arrays.stream(e.getGenericParameterTypes()).map(this::name).collect(Collectors.toList());
        if (e.isVarArgs() && !types.isEmpty()) {
            String last = types.get(types.size() - 1);
            types.set(types.size() - 1, last.substring(0, last.length() - 2) + "...");
        }
        return types.stream().collect(Collectors.joining(", ", "(", ")"));
    }

    private String throwsClause(Executable e) {
        Type[] thrown = e.getGenericExceptionTypes();
        return thrown.length == 0 ? "" : Arrays.stream(thrown).map(this::name).sorted()
                .collect(Collectors.joining(", ", " throws ", ""));
    }

    private static String visibility(int modifiers) {
        return Modifier.isPublic(modifiers) ? "public " : "protected ";
    }

    /** The superclasses of {@code type} that are not API, nearest first, up to the first one that is. */
    private List<Class<?>> hiddenSuperclasses(Class<?> type) {
        List<Class<?>> hidden = new ArrayList<>();
        for (Class<?> s = type.getSuperclass(); s != null && !isApi(s); s = s.getSuperclass()) {
            hidden.add(s);
        }
        return hidden;
    }

    /** The interfaces a type shows: its own and its hidden superclasses', a hidden one replaced by its superinterfaces. */
    private List<String> interfaces(Class<?> type, List<Class<?>> hiddenSuperclasses) {
        return Stream.concat(Stream.of(type), hiddenSuperclasses.stream())
                .flatMap(c -> Arrays.stream(c.getGenericInterfaces()))
                .flatMap(this::visibleInterfaces)
                .map(this::name).distinct().sorted().collect(Collectors.toList());
    }

    private Stream<Type> visibleInterfaces(Type t) {
        Class<?> raw = raw(t);
        return isApi(raw) ? Stream.of(t) : Arrays.stream(raw.getGenericInterfaces()).flatMap(this::visibleInterfaces);
    }

    private Stream<Class<?>> hiddenInterfaces(List<Class<?>> owners) {
        List<Class<?>> hidden = new ArrayList<>();
        List<Class<?>> todo = new ArrayList<>();
        owners.forEach(o -> todo.addAll(Arrays.asList(o.getInterfaces())));
        while (!todo.isEmpty()) {
            Class<?> i = todo.remove(0);
            if (!isApi(i) && !hidden.contains(i)) {
                hidden.add(i);
                todo.addAll(Arrays.asList(i.getInterfaces()));
            }
        }
        return hidden.stream();
    }

    private static boolean hasSealedParent(Class<?> type) {
        return (type.getSuperclass() != null && type.getSuperclass().isSealed())
                || Arrays.stream(type.getInterfaces()).anyMatch(Class::isSealed);
    }

    private String annotations(AnnotatedElement element) {
        return Arrays.stream(element.getDeclaredAnnotations())
                .filter(a -> a.annotationType().isAnnotationPresent(Documented.class))
                .map(this::annotation).sorted().map(a -> a + " ").collect(Collectors.joining());
    }

    /** {@code @Name} with the elements whose value is not the default, in name order. */
    private String annotation(Annotation a) {
        List<String> values = new ArrayList<>();
        Method[] elements = a.annotationType().getDeclaredMethods();
        Arrays.sort(elements, Comparator.comparing(Method::getName));
        for (Method element : elements) {
            try {
                Object value = element.invoke(a);
                Object defaultValue = element.getDefaultValue();
                if (defaultValue == null || !Objects.deepEquals(value, defaultValue)) {
                    values.add(element.getName() + "=" + literal(value));
                }
                if (elements.length == 1 && element.getName().equals("value") && values.size() == 1) {
                    values.set(0, literal(value)); // as source writes a single value
                }
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot read " + element + " of " + a, e);
            }
        }
        return "@" + name(a.annotationType()) + (values.isEmpty() ? "" : String.join(", ", values)
                .transform(v -> "(" + v + ")"));
    }

    /** The value of a compile-time constant as its type writes it, or null for any other field. */
    private Object constantValue(Field f) {
        Object value = constants.computeIfAbsent(f.getDeclaringClass(), ConstantValues::of).get(f.getName());
        if (value instanceof Integer && f.getType() == boolean.class) {
            return (Integer) value != 0;
        }
        if (value instanceof Integer && f.getType() == char.class) {
            return (char) (int) (Integer) value;
        }
        return value;
    }

    private String literal(Object value) {
        if (value instanceof String) {
            return '"' + escape((String) value) + '"';
        }
        if (value instanceof Character) {
            return "'" + escape(value.toString()) + "'";
        }
        if (value instanceof Class) {
            return name((Class<?>) value) + ".class";
        }
        if (value instanceof Enum) {
            return name(((Enum<?>) value).getDeclaringClass()) + "." + ((Enum<?>) value).name();
        }
        if (value instanceof Annotation) {
            return annotation((Annotation) value);
        }
        if (value.getClass().isArray()) {
            int length = Array.getLength(value);
            List<String> items = new ArrayList<>();
            for (int i = 0; i < length; i++) {
                items.add(literal(Array.get(value, i)));
            }
            return items.stream().collect(Collectors.joining(", ", "{", "}"));
        }
        if (value instanceof Long) {
            return value + "L";
        }
        if (value instanceof Float) {
            return value + "f";
        }
        return String.valueOf(value);
    }

    private static String escape(String s) {
        StringBuilder out = new StringBuilder();
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"': out.append("\\\""); break;
                case '\'': out.append("\\'"); break;
                case '\\': out.append("\\\\"); break;
                case '\n': out.append("\\n"); break;
                case '\r': out.append("\\r"); break;
                case '\t': out.append("\\t"); break;
                default:
                    if (c < 0x20 || c > 0x7e) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
            }
        }
        return out.toString();
    }

    private String typeParameters(TypeVariable<?>[] variables) {
        if (variables.length == 0) {
            return "";
        }
        return Arrays.stream(variables).map(v -> {
            List<String> bounds = Arrays.stream(v.getBounds()).filter(b -> b != Object.class).map(this::name)
                    .collect(Collectors.toList());
            return bounds.isEmpty() ? v.getName() : v.getName() + " extends " + String.join(" & ", bounds);
        }).collect(Collectors.joining(", ", "<", ">"));
    }

    private String typeParametersSpaced(TypeVariable<?>[] variables) {
        return variables.length == 0 ? "" : typeParameters(variables) + " ";
    }

    private static Class<?> raw(Type t) {
        return t instanceof ParameterizedType ? (Class<?>) ((ParameterizedType) t).getRawType() : (Class<?>) t;
    }

    /** A type as source writes it; fully qualified but for java.lang, with nested types joined by dots. */
    String name(Type t) {
        if (t instanceof Class) {
            Class<?> c = (Class<?>) t;
            if (c.isArray()) {
                return name(c.getComponentType()) + "[]";
            }
            if (c.isPrimitive()) {
                return c.getName();
            }
            String name = c.getCanonicalName() != null ? c.getCanonicalName() : c.getName();
            return c.getPackageName().equals("java.lang") ? name.substring("java.lang.".length()) : name;
        }
        if (t instanceof ParameterizedType) {
            ParameterizedType p = (ParameterizedType) t;
            Class<?> rawType = (Class<?>) p.getRawType();
            String owner = p.getOwnerType() instanceof ParameterizedType
                    ? name(p.getOwnerType()) + "." + rawType.getSimpleName() : name(rawType);
            return owner + Arrays.stream(p.getActualTypeArguments()).map(this::name)
                    .collect(Collectors.joining(", ", "<", ">"));
        }
        if (t instanceof TypeVariable) {
            return ((TypeVariable<?>) t).getName();
        }
        if (t instanceof WildcardType) {
            WildcardType w = (WildcardType) t;
            if (w.getLowerBounds().length > 0) {
                return "? super " + name(w.getLowerBounds()[0]);
            }
            Type upper = w.getUpperBounds()[0];
            return upper == Object.class ? "?" : "? extends " + name(upper);
        }
        if (t instanceof GenericArrayType) {
            return name(((GenericArrayType) t).getGenericComponentType()) + "[]";
        }
        return t.getTypeName();
    }
}
