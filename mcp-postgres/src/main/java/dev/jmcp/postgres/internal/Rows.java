package dev.jmcp.postgres.internal;

import dev.jmcp.core.providers.ResourceErrors;
import dev.jmcp.core.providers.TreeNode;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;

/**
 * The columns the provider selects and how a row becomes a tree node: one owner of the column
 * list, so that a lookup and a listing describe a resource alike.
 */
public final class Rows {
    /** The columns of {@link #node}, in order. */
    public static final String COLUMNS = "name, is_collection, mime_type, revision, modified,"
            + " coalesce(octet_length(text_body), octet_length(blob_body), 0) AS size, text_body IS NOT NULL AS is_text";

    private Rows() {
    }

    /** @return the node of the current row of a query of {@link #COLUMNS} */
    public static TreeNode node(ResultSet row) throws SQLException {
        String name = row.getString(1);
        TreeNode node = row.getBoolean(2) ? TreeNode.folder(name) : TreeNode.file(name).withSize(row.getLong(6))
                .withVersion(version(row.getLong(4)));
        String mimeType = row.getString(3);
        if (mimeType != null && !row.getBoolean(2)) {
            node = node.withMimeType(mimeType);
        }
        Timestamp modified = row.getTimestamp(5);
        return modified == null ? node : node.withLastModified(modified.toInstant());
    }

    /** @return the version of a row's revision, as resources carry it */
    public static String version(long revision) {
        return "rev-" + revision;
    }

    /**
     * @return the error of a query that failed: {@code -32603} naming the table and PostgreSQL's
     *         SQLState (42P01 a missing table, 42501 no permission), without the rest of the server's message
     */
    public static ProtocolException failed(String uri, String table, SQLException e) {
        return ResourceErrors.unreadable(uri, reason(table, e), e);
    }

    /** @return why a query of {@code table} failed, in a few words and PostgreSQL's SQLState */
    public static String reason(String table, SQLException e) {
        String state = e.getSQLState() == null ? "none" : e.getSQLState();
        String why = switch (state) {
            case "42P01" -> "the table " + table + " does not exist";
            case "42501" -> "no permission to read the table " + table;
            default -> state.startsWith("08") ? "the database cannot be reached" : "the database failed reading the table " + table;
        };
        return why + " (SQLState " + state + ")";
    }
}
