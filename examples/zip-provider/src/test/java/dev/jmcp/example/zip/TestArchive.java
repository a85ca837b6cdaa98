package dev.jmcp.example.zip;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Random;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * The archive the tests serve: a folder of {@value #MANY} entries, an explicit folder and folders
 * implied by deep names, names that are not ASCII, text, a binary, and (when asked) a STORED entry
 * of {@link #BIG} bytes, larger than the heap of the server that sends it.
 */
final class TestArchive {
    static final int MANY = 1_200;
    static final long BIG = 96L << 20;
    static final Instant TIME = Instant.parse("2026-01-02T03:04:05Z");
    static final String TEXT = "héllo, wörld ✓\nsecond line\n";
    static final String NON_ASCII = "naïve ✓ 文字.txt";
    static final byte[] BINARY = random(100_000, 42);
    private static final byte[] BLOCK = random(1 << 20, 7);

    private TestArchive() {
    }

    /** @return the name of the {@code i}th entry of {@code many/}: zero-padded, so that name order is number order */
    static String many(int i) {
        return String.format("entry-%04d.txt", i);
    }

    /** Writes the archive to {@code file}, with the big entry when {@code big}. */
    static Path write(Path file, boolean big) throws IOException {
        try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(file))) {
            ZipEntry docs = new ZipEntry("docs/");
            docs.setLastModifiedTime(FileTime.from(TIME));
            zip.putNextEntry(docs);
            put(zip, "docs/readme.md", "# Read me\n".getBytes(StandardCharsets.UTF_8));
            put(zip, "docs/guide/deep/leaf.json", "{\"deep\": true}".getBytes(StandardCharsets.UTF_8));
            put(zip, "données/" + NON_ASCII, TEXT.getBytes(StandardCharsets.UTF_8));
            put(zip, "data/random.bin", BINARY);
            put(zip, "latin1.txt", "caf\u00e9".getBytes(StandardCharsets.ISO_8859_1));
            for (int i = 0; i < MANY; i++) {
                put(zip, "many/" + many(i), ("entry " + i + "\n").getBytes(StandardCharsets.UTF_8));
            }
            put(zip, "../escape.txt", new byte[] {1}); // left out: no URI below the root names it
            if (big) {
                ZipEntry entry = new ZipEntry("big/huge.bin");
                entry.setMethod(ZipEntry.STORED);
                entry.setSize(BIG);
                entry.setCompressedSize(BIG);
                entry.setCrc(bigCrc());
                zip.putNextEntry(entry);
                writeBig(zip);
            }
        }
        return file;
    }

    /** @return the CRC-32 of the big entry's bytes */
    static long bigCrc() {
        CRC32 crc = new CRC32();
        for (long done = 0; done < BIG; done += BLOCK.length) {
            crc.update(block(done), 0, BLOCK.length);
        }
        return crc.getValue();
    }

    private static void writeBig(OutputStream out) throws IOException {
        for (long done = 0; done < BIG; done += BLOCK.length) {
            out.write(block(done));
        }
    }

    /** @return the 1 MiB block at {@code offset}: one random block, its first bytes the offset, so no two are alike */
    private static byte[] block(long offset) {
        for (int i = 0; i < 8; i++) {
            BLOCK[i] = (byte) (offset >>> (8 * i));
        }
        return BLOCK;
    }

    private static void put(ZipOutputStream zip, String name, byte[] bytes) throws IOException {
        ZipEntry entry = new ZipEntry(name);
        entry.setLastModifiedTime(FileTime.from(TIME));
        zip.putNextEntry(entry);
        zip.write(bytes);
        zip.closeEntry();
    }

    private static byte[] random(int size, long seed) {
        byte[] bytes = new byte[size];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }
}
