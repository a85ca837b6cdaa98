package dev.jmcp.cli;

import dev.jmcp.core.McpClient;
import dev.jmcp.core.providers.UriPaths;
import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.skills.ClientSkills;
import dev.jmcp.skills.SkillEntry;
import dev.jmcp.skills.SkillFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code jmcp skills ls [SERVER]} and {@code jmcp skills get [SERVER] SKILL [-o DIR]}: the skills a
 * server offers by the Skills extension (SEP-2640), and one skill loaded as a host loads it, every
 * file checked against the digest and size its entry gives, and its front matter against the
 * entry's.
 */
final class SkillsCommand implements Command {
    @Override
    public String name() {
        return "skills";
    }

    @Override
    public String summary() {
        return "list a server's skills, or get one verified (the Skills extension, SEP-2640)";
    }

    @Override
    public String help() {
        return """
                usage: jmcp skills ls [SERVER] [--max-pages N]
                       jmcp skills get [SERVER] SKILL [-o DIR]

                ls lists the skills the server offers (skills/list): name, files, bytes, description.
                get loads one: SKILL is its name or the URI of its SKILL.md. It reads SKILL.md,
                checks its bytes against the digest and size of the skill's entry and its front
                matter against the entry's, and prints it; with -o DIR it writes every file of the
                skill into DIR/NAME/, each checked the same way. A file that differs from the entry
                is refused (exit 1) and nothing of it is written. With --json, the raw entries.

                  --max-pages N    how many pages of skills/list to look through (default 100)
                  -o, --output DIR write the skill's files into DIR/NAME/ (NAME must not exist yet)

                """ + Target.HELP;
    }

    @Override
    public Args.Spec spec() {
        return Target.options(new Args.Spec().option("--max-pages").option("--output", "-o"));
    }

    @Override
    public int run(Context context) throws Exception {
        List<String> positionals = context.args().positionals();
        String sub = positionals.isEmpty() ? null : positionals.get(0);
        if (!"ls".equals(sub) && !"get".equals(sub)) {
            throw CliException.usage("jmcp skills takes ls or get first; got " + (sub == null ? "nothing" : sub)
                    + " (see jmcp skills --help)");
        }
        Target.Resolved resolved = Target.resolve(context.args(), positionals.subList(1, positionals.size()),
                name() + " " + sub);
        int maxPages = context.args().intValue("--max-pages", LsCommand.DEFAULT_MAX_PAGES, 1, 1_000_000);
        try (McpClient client = context.connect(resolved.target())) {
            ClientSkills skills = ClientSkills.of(client);
            if (!skills.offered()) {
                throw CliException.usage("the server does not offer skills: it does not declare the extension"
                        + " io.modelcontextprotocol/skills");
            }
            return sub.equals("ls") ? list(skills, maxPages, resolved, context)
                    : get(skills, resolved.required("SKILL", "skills get"), maxPages, context);
        }
    }

    private static int list(ClientSkills skills, int maxPages, Target.Resolved resolved, Context context)
            throws IOException {
        if (!resolved.positionals().isEmpty()) {
            throw CliException.usage("jmcp skills ls takes no SKILL; got " + resolved.positionals());
        }
        List<SkillEntry> all = skills.listAll(maxPages);
        if (context.json()) {
            for (SkillEntry skill : all) {
                Json.writeLine(skill.toJson(), context.out());
            }
            return Exit.OK;
        }
        List<List<String>> rows = new ArrayList<>();
        for (SkillEntry skill : all) {
            rows.add(List.of(skill.name(), skill.isDynamic() ? "dynamic" : String.valueOf(skill.files().size()),
                    skill.isDynamic() ? "-" : Text.bytes(skill.files().stream().mapToLong(SkillFile::size).sum()),
                    Text.printable(skill.description())));
        }
        context.out().print(Table.render(List.of("NAME", "FILES", "SIZE", "DESCRIPTION"), rows));
        return Exit.OK;
    }

    private static int get(ClientSkills skills, String wanted, int maxPages, Context context) throws IOException {
        SkillEntry skill = wanted.contains("://") ? skills.get(wanted) : skills.listAll(maxPages).stream()
                .filter(s -> s.name().equals(wanted)).findFirst().orElseThrow(() -> CliException.usage(
                        "the server lists no skill named " + wanted + " (jmcp skills ls shows them)"));
        String manifest = skills.load(skill);
        if (context.args().value("--output").isEmpty()) {
            if (context.json()) {
                Json.writeLine(JsonRuntime.provider().createObjectBuilder().add("skill", skill.toJson())
                        .add("text", manifest).build(), context.out());
            } else {
                context.out().print(manifest);
            }
            return Exit.OK;
        }
        Path into = Path.of(context.args().value("--output").get()).resolve(skill.name());
        if (Files.exists(into)) {
            throw CliException.usage(into + " exists already; jmcp skills get -o writes a new folder");
        }
        if (skill.isDynamic()) {
            throw CliException.usage(skill.uri() + " is dynamic: it lists no files to write");
        }
        List<Path> written = new ArrayList<>();
        Path staging = Files.createTempDirectory(into.toAbsolutePath().getParent() == null ? Path.of(".")
                : Files.createDirectories(into.toAbsolutePath().getParent()), ".jmcp-skill-");
        try {
            for (SkillFile file : skill.files()) {
                byte[] bytes = file.uri().equals(skill.uri()) ? manifest.getBytes(StandardCharsets.UTF_8)
                        : skills.read(skill, file.uri());
                Path target = staging;
                // the entry's files are all below its directory (SkillEntry checked); decoded strictly, no '..'
                for (String segment : UriPaths.below(skill.directory(), file.uri(), 64)) {
                    target = target.resolve(segment);
                }
                Files.createDirectories(target.getParent());
                Files.write(target, bytes);
                written.add(target);
            }
            Files.move(staging, into);
        } finally {
            if (Files.exists(staging)) {
                deleteTree(staging);
            }
        }
        context.err().println("jmcp: wrote " + written.size() + " files of " + skill.uri() + " into " + into
                + ", each verified");
        return Exit.OK;
    }

    private static void deleteTree(Path root) throws IOException {
        try (var paths = Files.walk(root)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
