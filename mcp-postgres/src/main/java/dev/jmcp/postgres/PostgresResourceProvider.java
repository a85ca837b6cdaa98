package dev.jmcp.postgres;

import dev.jmcp.core.providers.ResourceErrors;
import dev.jmcp.core.providers.TreeNode;
import dev.jmcp.core.providers.TreePath;
import dev.jmcp.core.providers.TreeResourceProvider;
import dev.jmcp.core.spi.CacheHint;
import dev.jmcp.core.spi.Caller;
import dev.jmcp.core.spi.ReadContext;
import dev.jmcp.core.spi.ResourceChanges;
import dev.jmcp.postgres.internal.ChunkedBody;
import dev.jmcp.postgres.internal.Rows;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.TextResourceContents;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import javax.sql.DataSource;

/**
 * The rows of a PostgreSQL table as resources, in the layout of {@code jmcp-resources.sql}
 * ({@link PostgresSchema}): path-like URIs below {@link PostgresSettings#rootUri()}, collection rows
 * as collections, text and binary bodies streamed a chunk per query (never a large one whole),
 * listings by keyset on the name (each page one indexed query, however deep), each row's revision
 * as its version for conditional reads, and {@link PostgresSettings#cacheTtl()} as the caching hint.
 *
 * <p>Its changes are not reported by this provider but by the table's triggers, on
 * {@code NOTIFY}: give the server {@link PostgresChangeEvents} on the same database, and every
 * replica hears every write, from jmcp or from plain SQL ({@link PostgresResources} does both).
 *
 * <p>Every value of a query is a bound parameter; the table's name was checked as an identifier.
 * A missing table or one the user may not read is a {@code -32603} naming the table and the
 * SQLState, and a server does not start over one ({@link #start}). Thread-safe: each call takes a
 * connection of the user's {@link DataSource} (a pool) and gives it back.
 *
 * @since 0.1
 */
public final class PostgresResourceProvider extends TreeResourceProvider {
    private final DataSource dataSource;
    private final PostgresSettings settings;
    private final String lookup;
    private final String children;
    private final String firstChildren;
    private final String body;

    private PostgresResourceProvider(String id, DataSource dataSource, PostgresSettings settings) {
        super(id, settings.rootUri());
        this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
        this.settings = settings;
        String table = settings.table();
        this.lookup = "SELECT " + Rows.COLUMNS + " FROM " + table + " WHERE parent = ? AND name = ?";
        this.children = "SELECT " + Rows.COLUMNS + " FROM " + table + " WHERE parent = ? AND name > ? ORDER BY name LIMIT ?";
        this.firstChildren = "SELECT " + Rows.COLUMNS + " FROM " + table + " WHERE parent = ? ORDER BY name LIMIT ?";
        // the text itself only when it is small: a large one is streamed in chunks
        this.body = "SELECT text_body IS NOT NULL, CASE WHEN octet_length(text_body) <= ? THEN text_body END FROM " + table
                + " WHERE parent = ? AND name = ? AND revision = ?";
    }

    /**
     * @param id         the provider's id, unique in its server, such as {@code postgres}
     * @param dataSource the user's connections (a pool); the provider never closes it
     * @param settings   the table and how it is read
     * @return the provider
     */
    public static PostgresResourceProvider create(String id, DataSource dataSource, PostgresSettings settings) {
        return new PostgresResourceProvider(id, dataSource, Objects.requireNonNull(settings, "settings"));
    }

    /** @return the settings it reads the table with */
    public PostgresSettings settings() {
        return settings;
    }

    /**
     * Checks that the table is there and readable, so that a server over a wrong database does not
     * start: nothing else would be served.
     *
     * @throws IllegalStateException naming the table and the SQLState
     */
    @Override
    public void start(ResourceChanges changes) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = connection.prepareStatement("SELECT " + Rows.COLUMNS + " FROM " + settings.table()
                     + " LIMIT 0")) {
            statement.executeQuery().close();
        } catch (SQLException e) {
            throw new IllegalStateException(Rows.reason(settings.table(), e) + "; the table is made by "
                    + PostgresSchema.RESOURCE, e);
        }
    }

    /** True: the table's triggers report every write ({@link PostgresChangeEvents}). */
    @Override
    public boolean reportsUpdates() {
        return true;
    }

    /** True: the table's triggers report every insert and delete. */
    @Override
    public boolean reportsListChanges() {
        return true;
    }

    @Override
    public Optional<CacheHint> cacheHint() {
        return settings.cacheTtl().isZero() ? Optional.empty() : Optional.of(CacheHint.privateFor(settings.cacheTtl().toMillis()));
    }

    @Override
    protected Optional<TreeNode> lookup(TreePath path, Caller caller) {
        if (path.isRoot()) {
            return Optional.of(TreeNode.folder(settings.table()));
        }
        String uri = uriOf(path);
        try (Connection connection = dataSource.getConnection(); PreparedStatement statement = connection.prepareStatement(lookup)) {
            statement.setString(1, parentOf(path));
            statement.setString(2, path.name().orElseThrow());
            try (ResultSet row = statement.executeQuery()) {
                return row.next() ? Optional.of(Rows.node(row)) : Optional.empty();
            }
        } catch (SQLException e) {
            throw Rows.failed(uri, settings.table(), e);
        }
    }

    /** One indexed query per page: the names after {@code after}, in the order of {@link String#compareTo} (COLLATE "C"). */
    @Override
    protected Stream<TreeNode> children(TreePath folder, Optional<String> after, int limit, Caller caller) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = connection.prepareStatement(after.isPresent() ? children : firstChildren)) {
            int at = 1;
            statement.setString(at++, folder.toString());
            if (after.isPresent()) {
                statement.setString(at++, after.get());
            }
            statement.setInt(at, limit);
            List<TreeNode> page = new ArrayList<>(Math.min(limit, 1024));
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    page.add(Rows.node(rows));
                }
            }
            return page.stream();
        } catch (SQLException e) {
            throw Rows.failed(uriOf(folder), settings.table(), e);
        }
    }

    @Override
    protected List<ResourceContents> open(TreePath path, Resource resource, ReadContext context) {
        String parent = parentOf(path);
        String name = path.name().orElseThrow();
        long revision = revision(resource);
        long size = resource.size() == null ? -1 : resource.size();
        boolean text;
        String smallText;
        try (Connection connection = dataSource.getConnection(); PreparedStatement statement = connection.prepareStatement(body)) {
            statement.setInt(1, settings.maxTextBytes());
            statement.setString(2, parent);
            statement.setString(3, name);
            statement.setLong(4, revision);
            try (ResultSet row = statement.executeQuery()) {
                if (!row.next()) { // written or deleted since it was described
                    throw ResourceErrors.unreadable(resource.uri(), "it changed while it was read; read it again", null);
                }
                text = row.getBoolean(1);
                smallText = row.getString(2);
            }
        } catch (SQLException e) {
            throw Rows.failed(resource.uri(), settings.table(), e);
        }
        if (smallText != null) {
            return List.of(new TextResourceContents(resource, smallText));
        }
        Blob bytes = Blob.ofStream(() -> new ChunkedBody(dataSource, settings.table(), parent, name, revision, text,
                settings.chunkBytes()), size);
        return List.of(new BlobResourceContents(resource, bytes));
    }

    private long revision(Resource resource) {
        String version = version(resource).orElseThrow(() -> new IllegalStateException("a row without a revision: " + resource.uri()));
        return Long.parseLong(version.substring("rev-".length()));
    }

    private static String parentOf(TreePath path) {
        return path.parent().orElseThrow().toString();
    }
}
