package dev.jmcp.postgres.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * A row's body read one chunk per query, so that neither the database's answer nor this process
 * ever holds a large body whole. Each query asks for the row at the revision that was described: a
 * row written while it is read ends the stream with an {@link IOException} saying so, rather than
 * sending bytes of two versions. A text body is read by characters and encoded here.
 */
public final class ChunkedBody extends InputStream {
    private final DataSource dataSource;
    private final String query;
    private final String parent;
    private final String name;
    private final long revision;
    private final boolean text;
    private final int chunk;
    private long position = 1; // SQL's substr counts from 1, in bytes for bytea, in characters for text
    private byte[] buffer = new byte[0];
    private int next;
    private boolean ended;

    /**
     * @param table a checked identifier
     * @param text  true for text_body, false for blob_body
     * @param chunk bytes per query (characters per query are a quarter of that for text: at most 4 bytes each)
     */
    public ChunkedBody(DataSource dataSource, String table, String parent, String name, long revision, boolean text, int chunk) {
        this.dataSource = dataSource;
        this.query = "SELECT " + (text ? "substr(text_body, ?, ?)" : "substring(blob_body FROM ? FOR ?)") + " FROM " + table
                + " WHERE parent = ? AND name = ? AND revision = ?";
        this.parent = parent;
        this.name = name;
        this.revision = revision;
        this.text = text;
        this.chunk = text ? Math.max(1, chunk / 4) : chunk;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] into, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        if (next == buffer.length && !fill()) {
            return -1;
        }
        int n = Math.min(length, buffer.length - next);
        System.arraycopy(buffer, next, into, offset, n);
        next += n;
        return n;
    }

    private boolean fill() throws IOException {
        if (ended) {
            return false;
        }
        try (Connection connection = dataSource.getConnection(); PreparedStatement statement = connection.prepareStatement(query)) {
            statement.setInt(1, (int) position); // a value of PostgreSQL holds at most 1 GB
            statement.setInt(2, chunk);
            statement.setString(3, parent);
            statement.setString(4, name);
            statement.setLong(5, revision);
            try (ResultSet row = statement.executeQuery()) {
                if (!row.next()) {
                    throw new IOException("the row " + (parent.isEmpty() ? "" : parent + "/") + name + " changed or went away"
                            + " while its body was read (it was at revision " + revision + ")");
                }
                if (text) {
                    String part = row.getString(1);
                    buffer = part == null ? new byte[0] : part.getBytes(StandardCharsets.UTF_8);
                    position += part == null ? 0 : part.codePointCount(0, part.length());
                    ended = part == null || part.codePointCount(0, part.length()) < chunk;
                } else {
                    byte[] part = row.getBytes(1);
                    buffer = part == null ? new byte[0] : part;
                    position += buffer.length;
                    ended = buffer.length < chunk;
                }
                next = 0;
                return buffer.length > 0;
            }
        } catch (SQLException e) {
            throw new IOException("reading the body of " + name + " failed (SQLState " + e.getSQLState() + ")", e);
        }
    }
}
