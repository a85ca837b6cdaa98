package dev.jmcp.apicheck;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReader;
import java.lang.module.ModuleReference;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The API report of a named module: its module declaration's API part (transitive requires, unqualified
 * exports, uses, provides), then, for every exported package, its annotations and every public or protected
 * type in it with its public and protected members, one declaration per line, sorted.
 *
 * <p>The report is read from the compiled classes by reflection, so it shows what a user compiles against
 * (generic signatures, implicit members of records and enums, constant values that get inlined), and it
 * needs no list of classes: the classes are those of the module's own location ({@code target/classes} or
 * its jar), without the test classes that a test run patches into the module.
 */
public final class ApiReport {

    private ApiReport() {
    }

    /**
     * Returns the report of {@code module} as lines, without line terminators.
     *
     * @param module a named module, resolved in a layer (the boot layer when tests run on the module path)
     * @return the report's lines; never null
     * @throws IllegalArgumentException if the module is unnamed, as it is when tests run on the class path
     */
    public static List<String> of(Module module) {
        if (!module.isNamed() || module.getLayer() == null) {
            throw new IllegalArgumentException("the API report needs a named module in a layer, and the code runs in "
                    + module + ": run the tests on the module path (surefire's useModulePath=true)");
        }
        ModuleDescriptor descriptor = module.getDescriptor();
        Set<String> exported = descriptor.exports().stream()
                .filter(e -> !e.isQualified())
                .map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toCollection(TreeSet::new));
        List<String> lines = new ArrayList<>(moduleLines(descriptor));
        Signatures signatures = new Signatures(module, exported);
        List<Class<?>> types = classNames(module).stream()
                .filter(name -> exported.contains(packageOf(name)))
                .map(name -> Class.forName(module, name))
                .filter(type -> type != null && !type.isSynthetic() && !type.isAnonymousClass()
                        && !type.isLocalClass() && signatures.isApi(type))
                .sorted(Comparator.comparing(Class::getName))
                .collect(Collectors.toList());
        for (String pkg : exported) {
            lines.add("");
            lines.add(signatures.packageLine(pkg, Class.forName(module, pkg + ".package-info")));
            for (Class<?> type : types) {
                if (type.getPackageName().equals(pkg)) {
                    lines.add(signatures.typeLine(type));
                    signatures.memberLines(type).forEach(member -> lines.add("  " + member));
                }
            }
        }
        return lines;
    }

    private static List<String> moduleLines(ModuleDescriptor descriptor) {
        List<String> lines = new ArrayList<>();
        lines.add("module " + descriptor.name());
        descriptor.requires().stream()
                .filter(r -> r.modifiers().contains(ModuleDescriptor.Requires.Modifier.TRANSITIVE))
                .map(r -> "  requires transitive " + r.name()).sorted().forEach(lines::add);
        descriptor.exports().stream().filter(e -> !e.isQualified())
                .map(e -> "  exports " + e.source()).sorted().forEach(lines::add);
        descriptor.opens().stream().filter(o -> !o.isQualified())
                .map(o -> "  opens " + o.source()).sorted().forEach(lines::add);
        descriptor.uses().stream().map(s -> "  uses " + s).sorted().forEach(lines::add);
        // the service, not the implementing class: a user relies on the binding, and an implementation in
        // an exported package is in the report anyway
        descriptor.provides().stream().map(p -> "  provides " + p.service()).sorted().forEach(lines::add);
        return lines;
    }

    /**
     * The binary names of the classes at the module's own location. A fresh reader of that location, since
     * the running module's reader also lists the test classes patched into it.
     */
    private static Set<String> classNames(Module module) {
        ModuleReference running = module.getLayer().configuration().findModule(module.getName())
                .orElseThrow().reference();
        URI location = running.location().orElseThrow(() -> new IllegalStateException(
                "module " + module.getName() + " has no location to read its classes from"));
        ModuleReference own = ModuleFinder.of(Path.of(location)).find(module.getName())
                .orElseThrow(() -> new IllegalStateException("no module " + module.getName() + " at " + location));
        try (ModuleReader reader = own.open(); Stream<String> names = reader.list()) {
            return names.filter(n -> n.endsWith(".class") && !n.endsWith("module-info.class")
                            && !n.endsWith("package-info.class") && !n.startsWith("META-INF/"))
                    .map(n -> n.substring(0, n.length() - ".class".length()).replace('/', '.'))
                    .collect(Collectors.toCollection(TreeSet::new));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the classes of " + module.getName() + " at " + location, e);
        }
    }

    private static String packageOf(String className) {
        int dot = className.lastIndexOf('.');
        return dot < 0 ? "" : className.substring(0, dot);
    }

    static boolean isPublicOrProtected(int modifiers) {
        return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
    }
}
