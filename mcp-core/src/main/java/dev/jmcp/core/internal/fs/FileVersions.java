package dev.jmcp.core.internal.fs;

import dev.jmcp.schema.resources.Resource;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Base64;
import java.util.Optional;

/**
 * The content versions of the file-system provider, from what a description of a file already
 * holds (its size and modification time) or, when asked, from a SHA-256 of its bytes.
 *
 * <p>Size and time: a write changes the modification time, so the version changes with the
 * content; a touch changes it too, which costs a client one transfer it did not need. A file's
 * time is stamped in ticks of its file system's clock (nanoseconds on paper, a few milliseconds
 * in practice, two seconds on FAT), and two writes of the same size within one tick leave the
 * same time. So for a file modified less than {@link FolderListings#SETTLED} ms ago (git calls
 * these files "racily clean") the version comes from the content, as git compares content there: a
 * SHA-256 of its bytes ({@code sha256-...}), so that a client is never told that a second write did
 * not happen, and never left without a version. That costs a read of the file, bounded: a file of
 * more than {@code maxUnsettledHashBytes} falls back to its size and time, which two writes of the
 * same size in one tick can share. Once the file settles its version becomes {@code SIZE@TIME}:
 * one version change without a content change, so a client that held the hash reads once more. The
 * file key is not part of it: a file replaced by another of the same size
 * and time (a copy that keeps times, as {@code cp -p} and {@code rsync -t} make) keeps its version;
 * content hashes tell those apart.
 *
 * <p>Hashes: exact (a touch keeps the version, every change of bytes changes it) and settled at
 * once, at the cost of reading the whole file for every version asked, a listing included.
 */
public final class FileVersions {
    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();

    private final SafePaths paths;
    private final boolean hashes;
    private final long maxUnsettledHashBytes;

    /**
     * @param hashes                true for content hashes, false for size and modification time
     * @param maxUnsettledHashBytes the largest file whose version is its hash while its time is not
     *                              settled; a larger one's is its size and time all the same
     */
    public FileVersions(SafePaths paths, boolean hashes, long maxUnsettledHashBytes) {
        this.paths = paths;
        this.hashes = hashes;
        this.maxUnsettledHashBytes = maxUnsettledHashBytes;
    }

    /** @return the version of the file {@code resource} describes; empty for a folder, or a file gone or undescribed */
    public Optional<String> version(Resource resource) {
        if (resource.collection()) {
            return Optional.empty();
        }
        if (hashes) {
            return hash(resource.uri());
        }
        long now = System.currentTimeMillis();
        Optional<String> sizeAndTime = sizeAndTime(resource);
        if (sizeAndTime.isEmpty() || settled(resource.annotations().lastModified(), now)
                || resource.size() > maxUnsettledHashBytes) {
            return sizeAndTime;
        }
        return hash(resource.uri());
    }

    /** @return {@code SIZE@TIME}; empty when either is unknown */
    static Optional<String> sizeAndTime(Resource resource) {
        String modified = resource.annotations() == null ? null : resource.annotations().lastModified();
        if (resource.size() == null || modified == null) {
            return Optional.empty();
        }
        return Optional.of(resource.size() + "@" + modified);
    }

    /**
     * @return whether the time {@code modified} (as {@link IsoInstants} writes it) is more than
     *         {@link FolderListings#SETTLED} ms before {@code now}. Times of years 0000-9999 sort
     *         as text up to their seconds, so a listing compares them with the seconds of a bound a
     *         second earlier still, without parsing each (a formatter was a fifth of the cost of
     *         describing a listed file); a time in the bound's own second counts as not settled.
     */
    static boolean settled(String modified, long now) {
        if (modified.length() >= 20 && modified.charAt(4) == '-' && modified.charAt(10) == 'T') {
            return modified.compareTo(boundAt(now)) < 0;
        }
        try {
            return Instant.parse(modified).toEpochMilli() <= now - FolderListings.SETTLED;
        } catch (DateTimeParseException | ArithmeticException unusual) {
            return false;
        }
    }

    /** The seconds of the bound of the last second asked: a page of a listing asks within one second. */
    private record Bound(long second, String text) {
    }

    private static volatile Bound bound = new Bound(Long.MIN_VALUE, "");

    /** @return {@code yyyy-MM-ddTHH:mm:ss} of a time a second before the settling bound of {@code now} */
    private static String boundAt(long now) {
        long second = Math.floorDiv(now, 1000);
        Bound last = bound;
        if (last.second() != second) {
            String text = IsoInstants.format(FileTime.fromMillis(now - FolderListings.SETTLED - 1000));
            last = new Bound(second, text.length() >= 19 ? text.substring(0, 19) : text);
            bound = last;
        }
        return last.text();
    }

    private Optional<String> hash(String uri) {
        Optional<OpenedFile> opened = paths.resolve(uri).flatMap(found -> OpenedFile.open(uri, found.real()));
        if (opened.isEmpty()) {
            return Optional.empty();
        }
        try (OpenedFile file = opened.get()) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            file.feed(digest::update);
            return Optional.of("sha256-" + BASE64URL.encodeToString(digest.digest()));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
