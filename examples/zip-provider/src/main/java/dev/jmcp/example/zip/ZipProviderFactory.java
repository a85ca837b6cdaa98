package dev.jmcp.example.zip;

import dev.jmcp.core.providers.UriPaths;
import dev.jmcp.core.spi.ProviderSettings;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.core.spi.ResourceProviderFactory;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;

/** Makes a {@link ZipResourceProvider} for discovery: id {@code zip}, settings {@code file} and {@code uri}. */
public final class ZipProviderFactory implements ResourceProviderFactory {
    @Override
    public String id() {
        return "zip";
    }

    @Override
    public Map<String, String> settings() {
        return Map.of("file", "the ZIP or JAR archive to serve (required)",
                "uri", "the URI of the archive's root (default: zip: and the archive's real path, such as zip:///srv/docs.zip)");
    }

    @Override
    public ResourceProvider create(ProviderSettings settings) {
        Path file = Path.of(settings.require("file"));
        try {
            Path archive = file.toRealPath();
            return new ZipResourceProvider(id(), settings.get("uri").orElse(defaultUri(archive)), archive);
        } catch (IOException e) {
            throw new IllegalArgumentException("setting zip.file: cannot open " + file + " as a ZIP archive: "
                    + (e instanceof NoSuchFileException ? "no such file" : e.getMessage()), e);
        }
    }

    /** @return {@code zip://} and the archive's absolute path, encoded as jmcp encodes every path: {@code zip:///srv/my%20docs.zip} */
    public static String defaultUri(Path archive) {
        String uri = "zip:///";
        for (Path name : archive.toAbsolutePath()) {
            uri = UriPaths.child(uri, name.toString());
        }
        return uri;
    }
}
