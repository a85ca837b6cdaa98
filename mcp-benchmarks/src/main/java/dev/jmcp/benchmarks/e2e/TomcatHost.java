package dev.jmcp.benchmarks.e2e;

import jakarta.servlet.Servlet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.Wrapper;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;

/**
 * Embedded Tomcat running one servlet at every path of one loopback port: the container the
 * official SDK's Streamable HTTP transport (a servlet) needs. Tomcat's defaults otherwise; its
 * scratch folder is a temp folder removed on {@link #close()}.
 */
final class TomcatHost implements AutoCloseable {
    private final Tomcat tomcat;
    private final Path baseDir;

    private TomcatHost(Tomcat tomcat, Path baseDir) {
        this.tomcat = tomcat;
        this.baseDir = baseDir;
    }

    /** @param port 0 for any free one; {@link #port()} says which */
    static TomcatHost start(String host, int port, Servlet servlet) throws IOException, LifecycleException {
        Path baseDir = Files.createTempDirectory("jmcp-bench-tomcat-");
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(baseDir.toString());
        Connector connector = tomcat.getConnector();
        connector.setPort(port);
        connector.setProperty("address", host);
        Context context = tomcat.addContext("", baseDir.toString());
        Wrapper wrapper = Tomcat.addServlet(context, "mcp", servlet);
        wrapper.setAsyncSupported(true); // the transport answers requests with SSE streams, asynchronously
        wrapper.addMapping("/*");
        tomcat.start();
        return new TomcatHost(tomcat, baseDir);
    }

    /** @return the port bound */
    int port() {
        return tomcat.getConnector().getLocalPort();
    }

    /** Blocks until Tomcat stops. */
    void await() {
        tomcat.getServer().await();
    }

    @Override
    public void close() {
        try {
            tomcat.stop();
            tomcat.destroy();
        } catch (LifecycleException e) {
            System.err.println("tomcat did not stop cleanly: " + e);
        }
        try (Stream<Path> walk = Files.walk(baseDir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            System.err.println("could not remove " + baseDir + ": " + e);
        }
    }
}
