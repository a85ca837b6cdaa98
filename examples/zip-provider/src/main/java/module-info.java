/**
 * An example of a resource provider written by a third party, on jmcp's exported API only: the
 * entries of a ZIP or JAR archive as MCP resources. {@code jmcp serve --discover
 * --provider-setting zip.file=docs.zip} finds it through {@link java.util.ServiceLoader}, on the
 * module path by the {@code provides} below and on the class path by
 * {@code META-INF/services/dev.jmcp.core.spi.ResourceProviderFactory}: each path reads only its own.
 * It exports nothing: a program that wants the provider in code makes it with the factory.
 */
module dev.jmcp.example.zip {
    requires dev.jmcp.core;

    provides dev.jmcp.core.spi.ResourceProviderFactory with dev.jmcp.example.zip.ZipProviderFactory;
}
