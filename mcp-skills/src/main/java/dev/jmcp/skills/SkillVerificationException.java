package dev.jmcp.skills;

import dev.jmcp.schema.Experimental;
import dev.jmcp.schema.McpException;

/**
 * A skill that failed verification (SEP-2640): an entry that breaks the extension's rules, or a file
 * whose bytes, size or front matter differ from what the entry says, or a read of a file the entry
 * does not list. Its content must not be used; the message names the file and what differed.
 *
 * @since 0.1
 */
@Experimental
public class SkillVerificationException extends McpException {
    private static final long serialVersionUID = 1L;

    /** @param message what failed, naming the skill or file */
    public SkillVerificationException(String message) {
        super(message);
    }
}
