package dev.jmcp.apicheck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.File;
import java.lang.module.Configuration;
import java.lang.module.ModuleFinder;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The report of this module itself, resolved from its classes ({@code target/classes}) and JUnit's jars in
 * a module layer of its own, since its tests run on the class path.
 */
class ApiReportSelfTest {

    @Test
    void showsTheModuleDeclarationThenEachPublicTypeWithItsMembers() throws URISyntaxException {
        assertEquals(List.of("module dev.jmcp.apicheck", "  exports dev.jmcp.apicheck", "",
                        "package dev.jmcp.apicheck",
                        "public final class dev.jmcp.apicheck.ApiReport",
                        "  public static java.util.List<String> of(Module)",
                        "public abstract class dev.jmcp.apicheck.ApiReportCheck",
                        "  public static final String REPORT = \"jmcp.api.report\"",
                        "  public static final String ROOT = \"jmcp.api.root\"",
                        "  public static final String UPDATE = \"jmcp.api.update\"",
                        "  protected ApiReportCheck()",
                        "  @org.junit.jupiter.api.Test public void apiReportIsCurrent() throws java.io.IOException"),
                ApiReport.of(thisModuleInALayer()));
    }

    @Test
    void refusesTheUnnamedModule() {
        assertThrows(IllegalArgumentException.class, () -> ApiReport.of(getClass().getModule()));
    }

    private static Module thisModuleInALayer() throws URISyntaxException {
        List<Path> paths = new ArrayList<>();
        paths.add(Path.of(ApiReport.class.getProtectionDomain().getCodeSource().getLocation().toURI()));
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (entry.endsWith(".jar")) {
                paths.add(Path.of(entry));
            }
        }
        ModuleFinder finder = ModuleFinder.of(paths.toArray(Path[]::new));
        ModuleLayer boot = ModuleLayer.boot();
        Configuration configuration = boot.configuration().resolve(finder, ModuleFinder.of(), Set.of("dev.jmcp.apicheck"));
        ModuleLayer layer = boot.defineModulesWithOneLoader(configuration, ClassLoader.getSystemClassLoader());
        return layer.findModule("dev.jmcp.apicheck").orElseThrow();
    }
}
